/** What an /admin form's action answered: a status when it worked, an alert when not. */
export function AdminFeedback({
  feedback,
}: {
  feedback: { ok: boolean; message: string } | undefined;
}) {
  if (!feedback) return null;
  return (
    <p
      role={feedback.ok ? "status" : "alert"}
      className={feedback.ok ? "admin-note" : "admin-alert"}
    >
      {feedback.message}
    </p>
  );
}

/** A screen's refusal (a bad filter in its URL, say) above what it could not show. */
export function AdminAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="admin-alert">
      {message}
    </p>
  ) : null;
}
