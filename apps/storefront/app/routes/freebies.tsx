import { ErrorPage } from "../components/error-page";
import { FreebieCard } from "../components/freebies/freebie-card";
import { errorMeta, pageMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import type { Route } from "./+types/freebies";
import "../styles/freebies.css";

/** /freebies: the live campaigns, each linking to /freebies/{slug}. */
export async function loader({ context }: Route.LoaderArgs) {
  return services(context).freebies.list();
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  error
    ? errorMeta(matches, error)
    : pageMeta(matches, {
        title: "Freebies",
        description: "Free gifts with qualifying orders: caps, bottles, bags and more.",
      });

export default function Freebies({ loaderData }: Route.ComponentProps) {
  const { freebies } = loaderData;
  return (
    <section className="freebies" aria-labelledby="freebies-title">
      <h1 id="freebies-title">Freebies</h1>
      <p className="freebies__intro">Free gifts with qualifying orders, while stock lasts.</p>
      {freebies.length === 0 ? (
        <p className="empty-note">No freebies are running right now. Check back soon.</p>
      ) : (
        <div className="freebies__list">
          {freebies.map((f, i) => (
            <FreebieCard key={f._id} freebie={f} priority={i === 0} />
          ))}
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
