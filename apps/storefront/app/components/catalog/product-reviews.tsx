import type {
  PublicReview,
  RatingSummary,
  ReviewSort,
  ProductReviews as Reviews,
} from "@maidan/contracts/reviews";
import { useState } from "react";
import { useLocation } from "react-router";
import { formatDate } from "../../lib/format";
import { loginDialog } from "../account/login-dialog-store";

/** "★★★★☆", read out as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  const n = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {"★".repeat(n)}
      <span className="stars__off">{"★".repeat(5 - n)}</span>
    </span>
  );
}

/** A review's photos as small squares, each opening the larger copy. */
export function ReviewPhotos({
  photos,
  alt,
}: {
  photos: { _id: string; url: string }[];
  alt: string;
}) {
  if (photos.length === 0) return null;
  return (
    <ul className="review-item__photos">
      {photos.map((p) => (
        <li key={p._id}>
          <a href={p.url} target="_blank" rel="noreferrer">
            <img
              src={p.url.replace("/img/800/", "/img/160/")}
              alt={alt}
              width={72}
              height={72}
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

function Summary({ summary }: { summary: RatingSummary }) {
  const most = Math.max(1, ...summary.distribution);
  return (
    <div className="reviews__summary">
      <p className="reviews__average">
        <strong>{summary.average.toFixed(1)}</strong>
        <Stars rating={summary.average} />
        <span className="muted">
          {summary.count} {summary.count === 1 ? "review" : "reviews"}
        </span>
      </p>
      <ul className="reviews__bars" aria-label="Ratings by stars">
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = summary.distribution[stars - 1] ?? 0;
          return (
            <li key={stars}>
              <span>{stars} ★</span>
              <span className="reviews__bar" aria-hidden="true">
                <span style={{ width: `${(n / most) * 100}%` }} />
              </span>
              <span className="reviews__n">{n}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Review({ review }: { review: PublicReview }) {
  const [helpful, setHelpful] = useState({ n: review.helpful, voted: review.voted });
  const [note, setNote] = useState<string>();
  const location = useLocation();
  const vote = async () => {
    const res = await fetch(`/api/reviews/${review._id}/helpful`, { method: "POST" }).catch(
      () => null,
    );
    if (res?.status === 401) {
      loginDialog.open("Log in to vote", { redirectTo: location.pathname + location.search });
      return;
    }
    const body = (await res?.json().catch(() => null)) as {
      helpful?: number;
      message?: string;
    } | null;
    if (res?.ok && typeof body?.helpful === "number") setHelpful({ n: body.helpful, voted: true });
    else setNote(body?.message ?? "Your vote could not be counted. Please try again.");
  };
  return (
    <li className="review-item">
      <p className="review-item__head">
        <Stars rating={review.rating} />{" "}
        <strong className="review-item__title">{review.title}</strong>
      </p>
      <p className="review-item__by muted">
        {review.author} · {formatDate(review.createdAt)}
        {review.variant ? ` · ${review.variant}` : ""} · Verified purchase
      </p>
      <p className="review-item__text">{review.text}</p>
      <ReviewPhotos photos={review.photos} alt={`Photo from ${review.author}`} />
      {review.reply && (
        <div className="review-item__reply">
          <strong>Reply from Maidan</strong>{" "}
          <span className="muted">{formatDate(review.reply.at)}</span>
          <p>{review.reply.text}</p>
        </div>
      )}
      <p className="review-item__helpful">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={vote}
          disabled={helpful.voted}
          aria-pressed={helpful.voted}
        >
          Helpful ({helpful.n})
        </button>
        {note && (
          <span className="muted" role="status">
            {note}
          </span>
        )}
      </p>
    </li>
  );
}

/**
 * The product page's reviews (issue #16): the rating summary, then published reviews, newest or
 * most helpful first, a page at a time ("Show more"). The first page comes with the page; the
 * next ones and another order from /api/products/{id}/reviews.
 */
export function ProductReviews({ productId, initial }: { productId: string; initial: Reviews }) {
  const [data, setData] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const load = async (sort: ReviewSort, page: number) => {
    setBusy(true);
    setError(undefined);
    const res = await fetch(`/api/products/${productId}/reviews?sort=${sort}&page=${page}`).catch(
      () => null,
    );
    const next = res?.ok ? ((await res.json()) as Reviews) : null;
    setBusy(false);
    if (!next) return setError("Reviews could not be loaded. Please try again.");
    setData((d) => (page > 1 ? { ...next, reviews: [...d.reviews, ...next.reviews] } : next));
  };
  const { summary, reviews, total, sort, page, pageSize } = data;
  return (
    <section className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Ratings and reviews</h2>
      {summary.count === 0 ? (
        <p className="empty-note">
          No reviews yet. Bought this? You can review it from My reviews once it is delivered.
        </p>
      ) : (
        <>
          <Summary summary={summary} />
          <label className="reviews__sort">
            Sort by{" "}
            <select
              value={sort}
              disabled={busy}
              onChange={(e) => load(e.currentTarget.value as ReviewSort, 1)}
            >
              <option value="newest">Newest</option>
              <option value="helpful">Most helpful</option>
            </select>
          </label>
          <ul className="reviews__list" aria-busy={busy}>
            {reviews.map((r) => (
              <Review key={r._id} review={r} />
            ))}
          </ul>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {page * pageSize < total && (
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => load(sort, page + 1)}
            >
              {busy ? "Loading…" : `Show more reviews (${total - reviews.length} more)`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
