import { Link, useLoaderData } from "react-router";
import { REVIEW_STATUS_LABEL } from "../../components/account/review-form";
import { Stars } from "../../components/catalog/product-reviews";
import { requireViewer } from "../../lib/account.server";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import reviewsCss from "../../styles/reviews-pages.css?url";
import type { Route } from "./+types/reviews";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reviewsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "My reviews" }),
  { name: "robots", content: "noindex" },
];

/** /my/reviews: delivered items waiting for a review, then the shopper's reviews (issue #16). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return services(context).reviews.mine(viewer.id);
}

export default function MyReviews() {
  const { reviewed, waiting } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="reviews-title" className="my-reviews">
      <h1 id="reviews-title">My reviews</h1>
      <h2>Waiting for your review</h2>
      {waiting.length === 0 ? (
        <p className="muted">Nothing to review right now. Delivered items show up here.</p>
      ) : (
        <ul className="my-reviews__list">
          {waiting.map((l) => (
            <li key={l.itemId} className="my-reviews__row">
              {l.img && <img src={l.img} alt="" width={56} height={56} loading="lazy" />}
              <div>
                <strong>{l.name}</strong>
                <div className="muted">
                  {[l.color, l.size].filter(Boolean).join(" · ")}
                  {l.color || l.size ? " · " : ""}Order {l.orderNo}
                </div>
              </div>
              <Link className="button button--primary button--small" to={`/review/${l.itemId}`}>
                Write a review
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h2>Reviewed</h2>
      {reviewed.length === 0 ? (
        <p className="muted">You have not written a review yet.</p>
      ) : (
        <ul className="my-reviews__list">
          {reviewed.map((r) => (
            <li key={r._id} className="my-reviews__row">
              {r.line.img && <img src={r.line.img} alt="" width={56} height={56} loading="lazy" />}
              <div>
                <Link to={`/my/reviews/${r._id}`}>
                  <strong>{r.title}</strong>
                </Link>
                <div>
                  <Stars rating={r.rating} /> · {r.line.name}
                </div>
                <div className="muted">
                  {formatDate(r.createdAt)} ·{" "}
                  <span className={`review-status review-status--${r.status}`}>
                    {REVIEW_STATUS_LABEL[r.status]}
                  </span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
