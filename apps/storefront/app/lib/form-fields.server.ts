import type { z } from "zod";

/** What a form's action answers: the outcome's message and, on bad input, each field's first message. */
export type FormFeedback = {
  ok: boolean;
  message: string;
  fields?: Record<string, string>;
};

export const CORRECT_FIELDS = "Please correct the fields marked below.";

/** The schema's result, or the first message of each bad field (by its top-level name). */
export function checkForm<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { data: z.output<S> } | { feedback: FormFeedback } {
  const r = schema.safeParse(input);
  if (r.success) return { data: r.data };
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const name = String(issue.path[0] ?? "form");
    fields[name] ??= issue.message;
  }
  return { feedback: { ok: false, message: CORRECT_FIELDS, fields } };
}
