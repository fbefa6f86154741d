/** What an action answered, above the screen: a status when it worked, an alert when not. */
export function ActionNote({
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
