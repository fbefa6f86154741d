import { reviewMessages } from "@maidan/contracts/reviews";
import { useEffect } from "react";
import { Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { loginDialog } from "../components/account/login-dialog-store";
import { ReviewedLine, ReviewForm } from "../components/account/review-form";
import { viewerContext } from "../context";
import { requireViewer } from "../lib/account.server";
import { readReviewForm, reviewFailure } from "../lib/review-form.server";
import { pageMeta } from "../lib/seo";
import { pageError } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import reviewsCss from "../styles/reviews-pages.css?url";
import type { Route } from "./+types/review";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reviewsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Write a review" }),
  { name: "robots", content: "noindex" },
];

/**
 * /review/{id}: a review of one line of the shopper's delivered order (issue #16). A signed-out
 * visitor (a review link in an SMS or e-mail) gets the login dialog, opened with the spec's
 * fromReview and submitReview flags, and comes back here; a line already reviewed opens its
 * review.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer) return { signedIn: false as const, id: params.id };
  const target = await services(context)
    .reviews.target(viewer.id, params.id)
    .catch((e: unknown) => {
      throw pageError(e, request);
    });
  if (target.review) throw redirect(`/my/reviews/${target.review._id}`);
  return { signedIn: true as const, id: params.id, line: target.line };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const input = await readReviewForm(request);
  if (input.invalid) return input.invalid;
  try {
    const review = await services(context).reviews.create(
      viewer.id,
      { ...input.fields, itemId: params.id },
      input.photos,
    );
    return redirect(`/my/reviews/${review._id}?written=1`);
  } catch (e) {
    return reviewFailure(e);
  }
}

const openLogin = (id: string) =>
  loginDialog.open("Log in to write your review", {
    redirectTo: `/review/${id}`,
    fromReview: true,
    submitReview: true,
  });

function SignInFirst({ id }: { id: string }) {
  useEffect(() => openLogin(id), [id]);
  const open = () => openLogin(id);
  return (
    <section aria-labelledby="review-title" className="review-page">
      <h1 id="review-title">Write a review</h1>
      <p>Log in with the account you ordered with to review your purchase.</p>
      <button type="button" className="button button--primary" onClick={open}>
        Log in to write your review
      </button>
    </section>
  );
}

export default function WriteReview() {
  const data = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  if (!data.signedIn) return <SignInFirst id={data.id} />;
  const { line } = data;
  return (
    <section aria-labelledby="review-title" className="review-page">
      <h1 id="review-title">Write a review</h1>
      <ReviewedLine line={line} />
      {!line.received ? (
        <p className="notice">
          {reviewMessages.notReceived} <Link to={`/my/orders/${line.orderId}`}>See the order</Link>
        </p>
      ) : (
        <>
          {feedback && !feedback.ok && (
            <p className="form-error" role="alert">
              {feedback.message}
            </p>
          )}
          <ReviewForm errors={feedback?.errors} busy={busy} submitLabel="Submit review" />
        </>
      )}
    </section>
  );
}
