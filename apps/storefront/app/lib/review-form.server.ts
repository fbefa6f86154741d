import { isAppError } from "@maidan/contracts/errors";
import { type PhotoFile, reviewFields } from "@maidan/contracts/reviews";
import type { ReviewFieldErrors } from "../components/account/review-form";
import { failure } from "./service-errors.server";

export type ReviewFeedback = { ok: false; message: string; errors: ReviewFieldErrors };

/**
 * A review form's post (components/account/review-form.tsx): its fields checked with the shared
 * schema (each message beside its field), its photo files read for the service.
 */
export async function readReviewForm(request: Request) {
  const form = await request.formData();
  const photos: PhotoFile[] = [];
  for (const v of form.getAll("photos"))
    if (typeof v !== "string" && v.size > 0)
      photos.push({ name: v.name, type: v.type, bytes: new Uint8Array(await v.arrayBuffer()) });
  const fields = {
    rating: form.get("rating") ?? undefined,
    title: form.get("title") ?? undefined,
    text: form.get("text") ?? undefined,
  };
  const parsed = reviewFields.safeParse(fields);
  const errors: ReviewFieldErrors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]) as keyof ReviewFieldErrors;
      errors[name] ??= issue.message;
    }
  return {
    intent: String(form.get("intent") ?? "save"),
    fields,
    photos,
    removePhotos: form.getAll("removePhotos").map(String),
    invalid: parsed.success
      ? null
      : ({
          ok: false,
          message: "Please correct the fields marked below.",
          errors,
        } satisfies ReviewFeedback),
  };
}

/** A refused review as the form shows it: a photo's problem beside the photos, else on top. */
export function reviewFailure(error: unknown): ReviewFeedback {
  const f = failure(error);
  const photo =
    isAppError(error) && (error.code === "PHOTO_INVALID" || error.code === "PHOTO_TOO_LARGE");
  return { ok: false, message: f.message, errors: photo ? { photos: f.message } : {} };
}
