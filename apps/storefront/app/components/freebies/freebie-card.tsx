import type { FreebieSummary } from "@maidan/contracts/freebies";
import { Link } from "react-router";
import { LazyImage } from "../media/lazy-image";
import { termLines } from "./freebie-terms";

/** One campaign in the /freebies list; the first card's art loads eagerly (largest paint). */
export function FreebieCard({ freebie, priority }: { freebie: FreebieSummary; priority: boolean }) {
  return (
    <article className="freebie-card">
      <Link to={`/freebies/${freebie.slug}`} className="freebie-card__link">
        {freebie.image ? (
          <LazyImage
            className="freebie-card__image"
            src={freebie.image}
            alt=""
            width={800}
            height={800}
            sizes="(min-width: 900px) 300px, (min-width: 600px) 45vw, 100vw"
            priority={priority}
          />
        ) : null}
        <h2 className="freebie-card__title">{freebie.title}</h2>
      </Link>
      <p>{freebie.description}</p>
      <ul className="freebie-terms">
        {termLines(freebie).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </article>
  );
}
