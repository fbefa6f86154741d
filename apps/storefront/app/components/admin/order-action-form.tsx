import type { OrderAction } from "@maidan/contracts/admin-orders";
import { Form } from "react-router";

/** What the order page's action answers: a message, and the fields' messages of one action. */
export type Feedback = {
  ok: boolean;
  message: string;
  action?: string;
  fields?: Partial<Record<"courier" | "trackingNo" | "reason" | "note" | "text", string>>;
};

/** One step of the order's lifecycle; the shared schema's messages go beside their fields. */

const BUTTON: Record<OrderAction, string> = {
  confirm: "Confirm order",
  pack: "Mark packed",
  ship: "Mark shipped",
  deliver: "Mark delivered",
  cancel: "Cancel order",
  request_return: "Record return request",
  receive_return: "Mark return received",
};

/** One action's form: a button, and the fields the step needs with their messages beside them. */
export function ActionForm({
  action,
  busy,
  feedback,
}: {
  action: OrderAction;
  busy: boolean;
  feedback: Feedback | undefined;
}) {
  const errors = feedback?.action === action ? (feedback.fields ?? {}) : {};
  const field = (
    name: "courier" | "trackingNo" | "reason" | "note",
    text: string,
    hint?: string,
  ) => (
    <label className="field">
      <span>{text}</span>
      <input
        name={name}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${action}-${name}-error`}
        placeholder={hint}
      />
      {/* Not the storefront's FieldError: sharing it splits its chunk off the login dialog's,
          one more file for every storefront page to list (decision 044). */}
      <span className="field__error" id={`${action}-${name}-error`} aria-live="polite">
        {errors[name]}
      </span>
    </label>
  );
  return (
    <Form method="post" className={`admin-action admin-action--${action}`} noValidate>
      <input type="hidden" name="action" value={action} />
      {action === "confirm" && field("note", "Phone call note (optional)")}
      {action === "ship" && (
        <>
          {field("courier", "Courier", "TCS, Leopards, PostEx…")}
          {field("trackingNo", "Tracking number")}
        </>
      )}
      {action === "cancel" && field("reason", "Reason for cancelling")}
      {action === "request_return" && field("reason", "Why the shopper returns it")}
      <button
        type="submit"
        className={
          action === "cancel" || action === "request_return" ? "button button--secondary" : "button"
        }
        disabled={busy}
      >
        {BUTTON[action]}
      </button>
    </Form>
  );
}
