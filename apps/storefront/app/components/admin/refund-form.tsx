import type { OrderRefunds } from "@maidan/contracts/admin-customers";
import { rupees } from "@maidan/contracts/money";
import { useFetcher } from "react-router";
import { formatDate } from "../../lib/format";
import { AdminFeedback } from "./feedback";

/** What the refund route answers: a message, and the fields' messages (decision 046). */
export type RefundFeedback = {
  ok: boolean;
  message: string;
  fields?: Record<string, string>;
};

/** A field's message beside it (not the storefront's FieldError: decision 044). */
const FieldMessage = ({ id, text }: { id: string; text: string | undefined }) => (
  <span className="field__error" id={id} aria-live="polite">
    {text}
  </span>
);

/**
 * The order page's refunds: what was paid and refunded, the refunds so far (an owed one with the
 * manual step and a form to record it paid back), and the refund form: units per line or an
 * amount, the destination and the reason, with the shared schema's messages beside the fields.
 */
export function RefundSection({ refunds }: { refunds: OrderRefunds }) {
  const fetcher = useFetcher<RefundFeedback>();
  const busy = fetcher.state !== "idle";
  const feedback = fetcher.data;
  const errors = feedback?.ok === false ? (feedback.fields ?? {}) : {};
  const action = `/admin/orders/${refunds.orderId}/refund`;
  return (
    <section aria-labelledby="refunds-title" className="admin-refunds">
      <h2 id="refunds-title">Refunds</h2>
      <p>
        Paid {rupees(refunds.paid)} · refunded {rupees(refunds.refunded)} · left{" "}
        {rupees(refunds.left)}
      </p>
      <AdminFeedback feedback={feedback} />
      {refunds.refunds.length > 0 && (
        <ul className="admin-refund-list">
          {refunds.refunds.map((r) => (
            <li key={r._id}>
              <strong>{rupees(r.amount)}</strong> to{" "}
              {r.to === "wallet" ? "the wallet" : "the original method"} ·{" "}
              {r.status === "owed" ? "owed" : "refunded"} · {formatDate(r.createdAt)}
              <div className="muted">{r.reason}</div>
              {r.doneNote && <div className="muted">Paid back: {r.doneNote}</div>}
              {r.manualStep && (
                <fetcher.Form method="post" action={action} className="admin-action" noValidate>
                  <p>{r.manualStep}</p>
                  <input type="hidden" name="intent" value="done" />
                  <input type="hidden" name="refundId" value={r._id} />
                  <label className="field">
                    <span>Transfer or portal reference</span>
                    <input
                      name="note"
                      aria-invalid={errors.note ? true : undefined}
                      aria-describedby={`done-${r._id}-error`}
                    />
                    <FieldMessage id={`done-${r._id}-error`} text={errors.note} />
                  </label>
                  <button type="submit" className="button button--secondary" disabled={busy}>
                    Mark paid back
                  </button>
                </fetcher.Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {refunds.refundable ? (
        <fetcher.Form method="post" action={action} className="admin-refund-form" noValidate>
          <input type="hidden" name="intent" value="refund" />
          <fieldset>
            <legend>Units to refund</legend>
            {refunds.lines.map((l) => (
              <label className="field" key={l.itemId}>
                <span>
                  {l.name} ({rupees(l.price)} × {l.qty}
                  {l.refundedQty > 0 ? `, ${l.refundedQty} refunded` : ""})
                </span>
                <input
                  name={`qty:${l.itemId}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={l.qty - l.refundedQty}
                  defaultValue={0}
                  aria-invalid={errors.lines ? true : undefined}
                  aria-describedby="refund-lines-error"
                />
              </label>
            ))}
            <FieldMessage id="refund-lines-error" text={errors.lines} />
          </fieldset>
          <label className="field">
            <span>Or an amount in rupees</span>
            <input
              name="amount"
              inputMode="numeric"
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby="refund-amount-error"
            />
            <FieldMessage id="refund-amount-error" text={errors.amount} />
          </label>
          <fieldset>
            <legend>Refund to</legend>
            {refunds.walletAllowed && (
              <label className="admin-radio">
                <input type="radio" name="to" value="wallet" defaultChecked /> The shopper's wallet
              </label>
            )}
            <label className="admin-radio">
              <input
                type="radio"
                name="to"
                value="original"
                defaultChecked={!refunds.walletAllowed}
              />{" "}
              The original payment method
            </label>
            <FieldMessage id="refund-to-error" text={errors.to} />
          </fieldset>
          <label className="field">
            <span>Reason</span>
            <input
              name="reason"
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby="refund-reason-error"
            />
            <FieldMessage id="refund-reason-error" text={errors.reason} />
          </label>
          <button type="submit" className="button" disabled={busy}>
            Refund
          </button>
        </fetcher.Form>
      ) : (
        refunds.refusal && <p className="muted">{refunds.refusal}</p>
      )}
    </section>
  );
}
