import { Link } from "react-router";

/** An honest placeholder for a screen whose feature has not shipped yet. */
export function ComingSoon({ heading, text }: { heading: string; text: string }) {
  return (
    <section className="panel coming-soon">
      <h1>{heading}</h1>
      <p>{text}</p>
      <p>
        <Link to="/" className="button">
          Back to the shop
        </Link>
      </p>
    </section>
  );
}
