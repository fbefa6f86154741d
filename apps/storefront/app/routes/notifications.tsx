import type { UserNotification } from "@maidan/contracts/notifications";
import { safeRedirect } from "@maidan/contracts/safe-redirect";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { useFeedback } from "../components/account/use-feedback";
import { PushPrompt } from "../components/push-prompt";
import { formObject, requireViewer } from "../lib/account.server";
import { ago } from "../lib/format";
import { log } from "../lib/log.server";
import { hasAuthorizationCookie } from "../lib/notifications.server";
import { pageMeta } from "../lib/seo";
import { type ActionFeedback, failure } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import notificationsCss from "../styles/notifications.css?url";
import type { Route } from "./+types/notifications";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: notificationsCss }];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Notifications" }),
  { name: "robots", content: "noindex" },
];

/**
 * Spec §7 `GET user_notifications`: the signed-in shopper's notifications, newest first. §4:
 * fetched only with an Authorization cookie that is not the null value; §8: a failure is only
 * logged (the page then shows none).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const empty = { notifications: [] as UserNotification[], unread: 0 };
  const list = hasAuthorizationCookie(request)
    ? await services(context)
        .notifications.list(viewer.id)
        .catch((err: unknown) => {
          log().warn({ err }, "storefront: notifications could not be loaded");
          return empty;
        })
    : empty;
  // "2 hours ago" worked out here: the page shows the server's words (and ships no date code).
  const now = new Date();
  return {
    unread: list.unread,
    notifications: list.notifications.map((n) => ({ ...n, when: ago(n.createdAt, now) })),
  };
}

/**
 * Spec §7 `GET user_notifications/{id}/read`, then the list refreshes (the loaders run again
 * after an action). `open` marks it read and goes to what it is about.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<ActionFeedback> {
  const viewer = requireViewer(context, request);
  const input = formObject(await request.formData());
  const { notifications } = services(context);
  try {
    if (input.intent === "read-all") {
      const { marked } = await notifications.markAllRead(viewer.id);
      return {
        ok: true,
        message: marked ? "All notifications marked as read." : "Nothing unread.",
      };
    }
    const n = await notifications.markRead(viewer.id, input.id ?? "");
    if (input.intent === "open") throw redirect(safeRedirect(n.link) ?? "/notifications");
    return { ok: true, message: "Marked as read." };
  } catch (e) {
    return failure(e);
  }
}

function Item({ n, busy }: { n: UserNotification & { when: string }; busy: boolean }) {
  const unread = n.readAt === null;
  return (
    <li className={unread ? "notification notification--unread" : "notification"}>
      <Form method="post" className="notification__open">
        <input type="hidden" name="id" value={n._id} />
        <button type="submit" name="intent" value="open" disabled={busy}>
          <span className="notification__title">
            {unread && <span className="notification__dot" aria-label="Unread" />}
            {n.title}
          </span>
          <span className="notification__body">{n.body}</span>
          <time className="notification__time" dateTime={n.createdAt}>
            {n.when}
          </time>
        </button>
      </Form>
      {unread && (
        <Form method="post" className="notification__read">
          <input type="hidden" name="id" value={n._id} />
          <button
            type="submit"
            name="intent"
            value="read"
            className="link-button"
            disabled={busy}
            aria-label={`Mark “${n.title}” as read`}
          >
            Mark read
          </button>
        </Form>
      )}
    </li>
  );
}

export default function NotificationsPage() {
  const { notifications, unread } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useFeedback(result);
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="notifications-title" className="notifications-page">
      <div className="notifications-page__head">
        <h1 id="notifications-title">
          Notifications
          {unread > 0 && <span className="notifications-page__count">{unread} unread</span>}
        </h1>
        {unread > 0 && (
          <Form method="post">
            <button type="submit" name="intent" value="read-all" className="button" disabled={busy}>
              Mark all as read
            </button>
          </Form>
        )}
      </div>
      <PushPrompt signedIn again />
      {notifications.length === 0 ? (
        <div className="notifications-page__empty">
          <p>No notifications yet. We will tell you here when your orders move.</p>
          <Link to="/">Continue shopping</Link>
        </div>
      ) : (
        <ul className="notification-list">
          {notifications.map((n) => (
            <Item key={n._id} n={n} busy={busy} />
          ))}
        </ul>
      )}
    </section>
  );
}
