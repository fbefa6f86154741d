import type { AdminOrderDetail } from "@maidan/contracts/admin-orders";
import { Form } from "react-router";
import { formatDate } from "../../lib/format";
import type { Feedback } from "./order-action-form";

/** Notes between staff on the order (decision 048): who wrote what, when, and a form to add one. */
export function OrderNotes({
  order,
  busy,
  feedback,
}: {
  order: AdminOrderDetail;
  busy: boolean;
  feedback: Feedback | undefined;
}) {
  const error = feedback?.action === "note" ? feedback.fields?.text : undefined;
  return (
    <section aria-labelledby="notes-title" className="admin-notes">
      <h2 id="notes-title">Staff notes</h2>
      {order.notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="admin-timeline">
          {order.notes.map((n) => (
            <li key={n._id}>
              <strong>{n.author.name}</strong> ({n.author.role}) · {formatDate(n.at)}
              <div className="admin-notes__text">{n.text}</div>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="admin-action" noValidate>
        <input type="hidden" name="intent" value="note" />
        <label className="field">
          <span>Add a note for staff</span>
          <textarea
            name="text"
            rows={3}
            maxLength={2000}
            aria-invalid={error ? true : undefined}
            aria-describedby="note-text-error"
          />
          <span className="field__error" id="note-text-error" aria-live="polite">
            {error}
          </span>
        </label>
        <button type="submit" className="button" disabled={busy}>
          Add note
        </button>
      </Form>
    </section>
  );
}
