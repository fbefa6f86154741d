import type { OutboxMessage } from "@maidan/contracts/auth-service";
import { Form, Link, useLoaderData } from "react-router";
import { pageMeta } from "../lib/seo";
import { notFound, pageError } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import outboxCss from "../styles/outbox.css?url";
import type { Route } from "./+types/dev-outbox";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: outboxCss }];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Outbox (test mode)" }),
  // Codes and sign-in links: never indexed.
  { name: "robots", content: "noindex" },
];

// New messages arrive every minute: never from a cache.
export const headers: Route.HeadersFunction = () => ({
  "cache-control": "no-store",
  // Its codes and links never go to another site in a Referer.
  "referrer-policy": "same-origin",
});

/**
 * /dev/outbox: the SMS and e-mail a shop without an SMS gateway or SMTP server "sent", newest
 * first (decision 042). Development and the demo shop (`npm start`) show it under the test-mode
 * ribbon; elsewhere it is a 404. `?to=` narrows it to one phone number or address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const to = url.searchParams.get("to")?.trim().slice(0, 254) || undefined;
  const rows = await services(context)
    .auth.outbox(to)
    .catch((e: unknown) => {
      throw pageError(e, request);
    });
  if (rows === null) throw notFound();
  return { to: to ?? "", messages: rows.slice(0, 100).map(view) };
}

/** A message as the page shows it: an e-mail's HTML part (when it has one) in a sandboxed frame. */
const view = (m: OutboxMessage) => ({ ...m, html: m.html || null });

const URL_IN_TEXT = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its links made tappable (the COD confirmation link, sign-in links). */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(URL_IN_TEXT);
  return (
    <p className="outbox-message__body">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-PK", {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZone: "Asia/Karachi",
  });

export default function DevOutbox() {
  const { to, messages } = useLoaderData<typeof loader>();
  return (
    <section className="outbox" aria-labelledby="outbox-title">
      <h1 id="outbox-title">Outbox</h1>
      <p className="outbox__note">
        This shop runs in test mode and sends no real SMS or e-mail. Every message it would have
        sent is shown here, newest first: order confirmation codes, sign-in codes and links.
      </p>
      <Form method="get" className="outbox__filter">
        <label className="field">
          Phone number or e-mail
          <input name="to" defaultValue={to} placeholder="e.g. 923001234567" />
        </label>
        <button type="submit" className="button">
          Show
        </button>
        {to && <Link to="/dev/outbox">Show all</Link>}
      </Form>
      {messages.length === 0 ? (
        <p>Nothing sent yet.</p>
      ) : (
        <ol className="outbox__list">
          {messages.map((m) => (
            <li key={m.id} className="outbox-message" data-channel={m.channel}>
              <p className="outbox-message__head">
                <span className={`outbox-message__channel outbox-message__channel--${m.channel}`}>
                  {m.channel === "sms" ? "SMS" : "E-mail"}
                </span>{" "}
                to <strong>{m.recipient}</strong>{" "}
                <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
              </p>
              {m.subject && <p className="outbox-message__subject">{m.subject}</p>}
              {m.html ? (
                <iframe
                  className="outbox-message__html"
                  title={m.subject ?? "E-mail"}
                  sandbox=""
                  srcDoc={m.html}
                />
              ) : (
                <TextWithLinks text={m.body} />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
