import {
  disputeMessageBody,
  resolveDisputeBody,
  STAFF_DISPUTE_STATUS_LABEL,
} from "@maidan/contracts/disputes";
import { rupees } from "@maidan/contracts/money";
import { useState } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { DisputeThread, resolutionText } from "../../components/disputes/dispute-thread";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import disputesCss from "../../styles/disputes.css?url";
import type { Route } from "./+types/dispute";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: disputesCss }];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminHead(loaderData ? `Dispute · ${loaderData.dispute.orderNo}` : "Dispute");

type Field = "text" | "action" | "to" | "amount" | "note";
type Feedback = {
  ok: boolean;
  message: string;
  intent?: string;
  fields?: Partial<Record<Field, string>>;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return { dispute: await services(context).adminDisputes.get(staff, params.id) };
  } catch (e) {
    throw pageError(e, request);
  }
}

/** A reply to the shopper, or the dispute resolved (decision 052). */
export async function action({ request, context, params }: Route.ActionArgs): Promise<Feedback> {
  const staff = requireStaff(context, request);
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  const s = services(context).adminDisputes;
  const parsed =
    intent === "reply" ? disputeMessageBody.safeParse(form) : resolveDisputeBody.safeParse(form);
  if (!parsed.success) {
    const fields: Feedback["fields"] = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "note") as Field;
      fields[name] ??= issue.message;
    }
    return { ok: false, message: "Please correct the fields marked below.", intent, fields };
  }
  try {
    if (intent === "reply") {
      await s.reply(staff, params.id, parsed.data);
      return { ok: true, message: "Reply sent; the dispute now awaits the shopper.", intent };
    }
    const d = await s.resolve(staff, params.id, parsed.data);
    return { ok: true, message: `The dispute is ${d.status}.`, intent };
  } catch (e) {
    return { ...failure(e), intent };
  }
}

export default function AdminDispute() {
  const { dispute: d } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [choice, setChoice] = useState<string>(
    d.wanted === "replacement" ? "replacement" : "refund",
  );
  const errors = (intent: string) => (feedback?.intent === intent ? (feedback.fields ?? {}) : {});
  const fieldError = (intent: string, name: Field) => (
    <span className="field__error" id={`${intent}-${name}-error`} aria-live="polite">
      {errors(intent)[name]}
    </span>
  );
  const open = d.status === "open" || d.status === "awaiting_shopper";
  return (
    <section aria-labelledby="dispute-title" className="admin-order">
      <p>
        <Link to="/admin/disputes">← Disputes</Link>
      </p>
      <h1 id="dispute-title">
        Dispute on <Link to={`/admin/orders/${d.orderId}`}>{d.orderNo}</Link>{" "}
        <span className={`dispute-status dispute-status--${d.status}`}>
          {STAFF_DISPUTE_STATUS_LABEL[d.status]}
        </span>
      </h1>
      <p className="muted">
        <Link to={`/admin/customers/${d.customer._id}`}>{d.customer.name}</Link> ·{" "}
        {d.customer.email ?? "no e-mail"} · {d.customer.phone ?? "no phone"} · order{" "}
        {d.orderStatus.replace("_", " ")} · line {rupees(d.item.total)} · {rupees(d.refundLeft)}{" "}
        left to refund on the order
      </p>
      <AdminFeedback feedback={feedback} />
      {!open && (
        <p
          className={`dispute-resolution${d.status === "rejected" ? " dispute-resolution--rejected" : ""}`}
        >
          {resolutionText(d, "the shopper's")}
          {d.replacementOrderId && (
            <>
              {" "}
              <Link to={`/admin/orders/${d.replacementOrderId}`}>Replacement order</Link>
            </>
          )}
        </p>
      )}
      <DisputeThread d={d} staffView />
      {open && (
        <div className="admin-columns">
          {/* A new message empties the form (it mounts anew). */}
          <Form
            method="post"
            className="admin-action dispute-reply"
            noValidate
            key={d.messages.length}
          >
            <h2>Reply to the shopper</h2>
            <input type="hidden" name="intent" value="reply" />
            <label className="field">
              <span>Message</span>
              <textarea
                name="text"
                maxLength={2000}
                aria-invalid={errors("reply").text ? true : undefined}
                aria-describedby="reply-text-error"
              />
              {fieldError("reply", "text")}
            </label>
            <button type="submit" className="button" disabled={busy}>
              Send reply
            </button>
          </Form>
          <Form method="post" className="admin-action dispute-resolve" noValidate>
            <h2>Resolve</h2>
            <input type="hidden" name="intent" value="resolve" />
            <fieldset>
              <legend className="muted">How</legend>
              {(
                [
                  ["refund", "Refund"],
                  ["replacement", "Replacement (Rs. 0 order, stock taken)"],
                  ["reject", "Reject"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="check">
                  <input
                    type="radio"
                    name="action"
                    value={value}
                    checked={choice === value}
                    onChange={() => setChoice(value)}
                  />{" "}
                  {label}
                </label>
              ))}
            </fieldset>
            {choice === "refund" && (
              <>
                <fieldset aria-describedby="resolve-to-error">
                  <legend className="muted">To</legend>
                  <label className="check">
                    <input type="radio" name="to" value="wallet" defaultChecked /> Wallet
                  </label>
                  <label className="check">
                    <input type="radio" name="to" value="original" /> Original method
                  </label>
                  {fieldError("resolve", "to")}
                </fieldset>
                <label className="field">
                  <span>Amount (Rs., at most {rupees(Math.min(d.item.total, d.refundLeft))})</span>
                  <input
                    name="amount"
                    inputMode="numeric"
                    defaultValue={Math.min(d.item.total, d.refundLeft) || ""}
                    aria-invalid={errors("resolve").amount ? true : undefined}
                    aria-describedby="resolve-amount-error"
                  />
                  {fieldError("resolve", "amount")}
                </label>
              </>
            )}
            <label className="field">
              <span>
                {choice === "reject" ? "Reason (the shopper reads it)" : "Note to the shopper"}
              </span>
              <textarea
                name="note"
                maxLength={500}
                aria-invalid={errors("resolve").note ? true : undefined}
                aria-describedby="resolve-note-error"
              />
              {fieldError("resolve", "note")}
            </label>
            <button type="submit" className="button button--primary" disabled={busy}>
              {choice === "refund"
                ? "Refund and close"
                : choice === "replacement"
                  ? "Send replacement"
                  : "Reject"}
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}
