import { useEffect, useState } from "react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  REVIEW_STATUS_LABEL,
  ReviewedLine,
  ReviewForm,
} from "../../components/account/review-form";
import { ReviewPhotos, Stars } from "../../components/catalog/product-reviews";
import { requireViewer } from "../../lib/account.server";
import { formatDate } from "../../lib/format";
import { readReviewForm, reviewFailure } from "../../lib/review-form.server";
import { pageMeta } from "../../lib/seo";
import { pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import reviewsCss from "../../styles/reviews-pages.css?url";
import type { Route } from "./+types/review";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reviewsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "My review" }),
  { name: "robots", content: "noindex" },
];

/** /my/reviews/{id}: one of the shopper's reviews, its status, the shop's reply; edit or delete. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  try {
    const review = await services(context).reviews.get(viewer.id, params.id);
    return { review, written: new URL(request.url).searchParams.has("written") };
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const reviews = services(context).reviews;
  const input = await readReviewForm(request);
  try {
    if (input.intent === "delete") {
      await reviews.remove(viewer.id, params.id);
      return redirect("/my/reviews");
    }
    if (input.invalid) return input.invalid;
    await reviews.update(
      viewer.id,
      params.id,
      { ...input.fields, removePhotos: input.removePhotos },
      input.photos,
    );
    return { ok: true as const, message: "Your review is saved.", errors: {} };
  } catch (e) {
    return reviewFailure(e);
  }
}

const NOTES = {
  pending: "Thank you! Your review will appear once we have checked it.",
  published: "Thank you! Your review is on the product page.",
  hidden: "",
};

export default function MyReview() {
  const { review: r, written } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [editing, setEditing] = useState(false);
  const saved = feedback?.ok === true;
  useEffect(() => {
    if (saved) setEditing(false);
  }, [saved]);
  return (
    <section aria-labelledby="review-title" className="review-page">
      <p>
        <Link to="/my/reviews">← My reviews</Link>
      </p>
      <h1 id="review-title">My review</h1>
      <ReviewedLine line={r.line} />
      {(written || saved) && NOTES[r.status] && (
        <p className="notice" role="status">
          {NOTES[r.status]}
        </p>
      )}
      <p>
        <span className={`review-status review-status--${r.status}`}>
          {REVIEW_STATUS_LABEL[r.status]}
        </span>
        {r.status === "hidden" && r.hideReason && <> · {r.hideReason}</>}
      </p>
      {r.status === "hidden" && (
        <p className="muted">Change your review and it will be checked again.</p>
      )}
      <div className="review-item">
        <p className="review-item__head">
          <Stars rating={r.rating} /> <strong className="review-item__title">{r.title}</strong>
        </p>
        <p className="review-item__by muted">
          {formatDate(r.createdAt)} · {r.helpful} found it helpful
        </p>
        <p className="review-item__text">{r.text}</p>
        <ReviewPhotos photos={r.photos} alt="Your photo" />
        {r.reply && (
          <div className="review-item__reply">
            <strong>Reply from Maidan</strong>
            <p>{r.reply}</p>
          </div>
        )}
      </div>
      {feedback && !feedback.ok && (
        <p className="form-error" role="alert">
          {feedback.message}
        </p>
      )}
      {editing || (feedback && !feedback.ok) ? (
        <ReviewForm
          key={r.updatedAt}
          review={r}
          errors={feedback?.errors}
          busy={busy}
          submitLabel="Save changes"
        />
      ) : (
        <div className="review-page__actions">
          <button type="button" className="button button--ghost" onClick={() => setEditing(true)}>
            Edit review
          </button>
          <Form
            method="post"
            encType="multipart/form-data"
            onSubmit={(e) => {
              if (!window.confirm("Delete this review? This cannot be undone.")) e.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="button button--ghost" disabled={busy}>
              Delete review
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}
