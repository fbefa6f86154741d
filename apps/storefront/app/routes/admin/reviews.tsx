import {
  hideReviewBody,
  REVIEW_STATUSES,
  type ReviewStatus,
  replyBody,
  reviewSettingsBody,
} from "@maidan/contracts/reviews";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { Pager } from "../../components/admin/pager";
import { ReviewPhotos } from "../../components/catalog/product-reviews";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => adminHead("Reviews");

const TABS: Record<ReviewStatus, string> = {
  pending: "Waiting",
  published: "Published",
  hidden: "Hidden",
};

/**
 * /admin/reviews (decision 051): the moderation queue (oldest first), published and hidden
 * reviews; publish, hide with a reason, reply as the shop. Vendors see their own products' only;
 * the admin switches moderation on or off.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const query = { status: params.get("status") ?? "", page: params.get("page") ?? "" };
  try {
    return {
      list: await services(context).adminReviews.list(staff, query),
      isAdmin: staff.role === "admin",
    };
  } catch (e) {
    throw pageError(e, request);
  }
}

type Feedback = { ok: boolean; message: string; id?: string; field?: string };

export async function action({ request, context }: Route.ActionArgs): Promise<Feedback> {
  const staff = requireStaff(context, request);
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  const id = String(form.id ?? "");
  const s = services(context).adminReviews;
  const schema =
    intent === "hide"
      ? hideReviewBody
      : intent === "reply"
        ? replyBody
        : intent === "settings"
          ? reviewSettingsBody
          : null;
  const parsed = schema?.safeParse(form);
  if (parsed && !parsed.success)
    return {
      ok: false,
      message: parsed.error.issues[0]?.message ?? "Check the form",
      id,
      field: intent,
    };
  try {
    if (intent === "publish") {
      await s.publish(staff, id);
      return { ok: true, message: "The review is published.", id };
    }
    if (intent === "hide") {
      await s.hide(staff, id, form);
      return { ok: true, message: "The review is hidden.", id };
    }
    if (intent === "reply") {
      await s.reply(staff, id, form);
      return { ok: true, message: "Your reply is shown under the review.", id };
    }
    const { moderated } = await s.setModerated(staff, form);
    return {
      ok: true,
      message: moderated
        ? "New reviews now wait for staff before they show."
        : "New reviews now show at once.",
    };
  } catch (e) {
    return { ...failure(e), id };
  }
}

export default function AdminReviews() {
  const { list, isAdmin } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const errorFor = (id: string, field: string) =>
    feedback && !feedback.ok && feedback.id === id && feedback.field === field
      ? feedback.message
      : undefined;
  return (
    <section aria-labelledby="reviews-title">
      <h1 id="reviews-title">Reviews</h1>
      <p className="muted">
        {list.moderated
          ? "New reviews wait here until staff publish them."
          : "New reviews show on the product page at once."}
      </p>
      {isAdmin && (
        <Form method="post" className="admin-review-setting">
          <input type="hidden" name="intent" value="settings" />
          <input type="hidden" name="moderated" value={list.moderated ? "false" : "true"} />
          <button type="submit" className="button" disabled={busy}>
            {list.moderated ? "Publish new reviews at once" : "Check new reviews before they show"}
          </button>
        </Form>
      )}
      <nav className="admin-tabs" aria-label="Review status">
        {REVIEW_STATUSES.map((s) => (
          <Link key={s} to={`?status=${s}`} aria-current={s === list.status ? "page" : undefined}>
            {TABS[s]}
          </Link>
        ))}
      </nav>
      {/* A card's outcome shows on it; one whose card left this list (published from the queue), here. */}
      {feedback && !feedback.field && !list.reviews.some((r) => r._id === feedback.id) && (
        <AdminFeedback feedback={feedback} />
      )}
      {list.reviews.length === 0 ? (
        <p>No {TABS[list.status].toLowerCase()} reviews.</p>
      ) : (
        <ul className="admin-reviews">
          {list.reviews.map((r) => (
            <li key={r._id} className="admin-review" data-testid="admin-review">
              <p className="admin-review__head">
                <span className="admin-review__stars" aria-label={`${r.rating} out of 5 stars`}>
                  {"★".repeat(r.rating)}
                  {"☆".repeat(5 - r.rating)}
                </span>{" "}
                <strong>{r.title}</strong>
              </p>
              <p className="muted">
                <Link to={`/${r.product.slug}`}>{r.product.name}</Link> · {r.author.name}
                {r.author.email ? ` (${r.author.email})` : ""} · order {r.orderNo} ·{" "}
                {formatDate(r.createdAt)} · {r.helpful} helpful
              </p>
              <p className="admin-review__text">{r.text}</p>
              <ReviewPhotos photos={r.photos} alt="Shopper's photo" />
              {r.hideReason && <p className="admin-alert">Hidden: {r.hideReason}</p>}
              {r.reply && (
                <p className="admin-note">
                  <strong>Shop's reply:</strong> {r.reply}
                </p>
              )}
              {feedback?.id === r._id && !feedback.field && <AdminFeedback feedback={feedback} />}
              <div className="admin-review__actions">
                {r.status !== "published" && (
                  <Form method="post">
                    <input type="hidden" name="id" value={r._id} />
                    <button
                      type="submit"
                      name="intent"
                      value="publish"
                      className="button"
                      disabled={busy}
                    >
                      Publish
                    </button>
                  </Form>
                )}
                {r.status !== "hidden" && (
                  <Form method="post" className="admin-action" noValidate>
                    <input type="hidden" name="id" value={r._id} />
                    <input type="hidden" name="intent" value="hide" />
                    <label className="field">
                      <span>Reason for hiding</span>
                      <input
                        name="reason"
                        aria-invalid={errorFor(r._id, "hide") ? true : undefined}
                        aria-describedby={`hide-${r._id}-error`}
                      />
                      <span className="field__error" id={`hide-${r._id}-error`} aria-live="polite">
                        {errorFor(r._id, "hide")}
                      </span>
                    </label>
                    <button type="submit" className="button button--secondary" disabled={busy}>
                      Hide
                    </button>
                  </Form>
                )}
                <Form method="post" className="admin-action" noValidate>
                  <input type="hidden" name="id" value={r._id} />
                  <input type="hidden" name="intent" value="reply" />
                  <label className="field">
                    <span>{r.reply ? "Change the shop's reply" : "Reply as the shop"}</span>
                    <textarea
                      name="reply"
                      rows={2}
                      defaultValue={r.reply ?? ""}
                      aria-invalid={errorFor(r._id, "reply") ? true : undefined}
                      aria-describedby={`reply-${r._id}-error`}
                    />
                    <span className="field__error" id={`reply-${r._id}-error`} aria-live="polite">
                      {errorFor(r._id, "reply")}
                    </span>
                  </label>
                  <button type="submit" className="button" disabled={busy}>
                    Save reply
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager
        total={list.total}
        page={list.page}
        pageSize={list.pageSize}
        query={{ status: list.status }}
        noun="reviews"
      />
    </section>
  );
}
