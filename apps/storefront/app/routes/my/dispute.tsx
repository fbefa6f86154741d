import { disputeMessageBody } from "@maidan/contracts/disputes";
import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { DisputeThread, resolutionText } from "../../components/disputes/dispute-thread";
import { FieldError } from "../../components/forms/field-error";
import { requireViewer } from "../../lib/account.server";
import { pageMeta } from "../../lib/seo";
import { type ActionFeedback, failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import checkoutCss from "../../styles/checkout.css?url";
import disputesCss from "../../styles/disputes.css?url";
import type { Route } from "./+types/dispute";
import { DisputeStatus } from "./disputes";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: checkoutCss },
  { rel: "stylesheet", href: disputesCss },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, {
    title: loaderData ? `Dispute about ${loaderData.dispute.item.name}` : "Dispute",
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  try {
    return { dispute: await services(context).disputes.get(viewer.id, params.detail_id) };
  } catch (e) {
    throw pageError(e, request);
  }
}

type Feedback = ActionFeedback & { field?: string };

/** The shopper's reply in the thread. */
export async function action({ request, context, params }: Route.ActionArgs): Promise<Feedback> {
  const viewer = requireViewer(context, request);
  const parsed = disputeMessageBody.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return {
      ok: false,
      message: "Please write your message.",
      field: parsed.error.issues[0]?.message,
    };
  try {
    await services(context).disputes.reply(viewer.id, params.detail_id, parsed.data);
    return { ok: true, message: "Your message is sent." };
  } catch (e) {
    return failure(e);
  }
}

export default function MyDispute() {
  const { dispute: d } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  useFeedback(feedback);
  const busy = useNavigation().state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (feedback?.ok) form.current?.reset();
  }, [feedback]);
  const closed = d.status === "resolved" || d.status === "rejected";
  return (
    <section aria-labelledby="dispute-title" className="order-detail">
      <p>
        <Link to="/my/disputes">← My disputes</Link>
      </p>
      <h1 id="dispute-title">
        Order {d.orderNo} <DisputeStatus d={d} />
      </h1>
      {closed && (
        <p
          className={`dispute-resolution${d.status === "rejected" ? " dispute-resolution--rejected" : ""}`}
          role="status"
        >
          {resolutionText(d)}
          {d.resolution === "refund_wallet" && (
            <>
              {" "}
              <Link to="/my/wallet">See my wallet</Link>
            </>
          )}
          {d.replacementOrderId && (
            <>
              {" "}
              <Link to={`/my/orders/${d.replacementOrderId}`}>Track the replacement</Link>
            </>
          )}
        </p>
      )}
      <DisputeThread d={d} />
      {closed ? (
        <p className="muted">This dispute is closed.</p>
      ) : (
        <Form method="post" className="form dispute-form" ref={form}>
          <label className="field">
            Your reply
            <textarea
              name="text"
              required
              maxLength={2000}
              aria-invalid={feedback?.field ? true : undefined}
              aria-describedby="reply-error"
            />
            <FieldError id="reply-error" message={feedback?.field} />
          </label>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Sending…" : "Send"}
          </button>
        </Form>
      )}
    </section>
  );
}
