import {
  type MyReview,
  REVIEW_MAX_PHOTOS,
  REVIEW_PHOTO_ACCEPT,
  type ReviewLine,
  type ReviewStatus,
  reviewMessages,
} from "@maidan/contracts/reviews";
import { type ChangeEvent, useState } from "react";
import { Form } from "react-router";
import { FieldError } from "../forms/field-error";

export const REVIEW_STATUS_LABEL: Record<ReviewStatus, string> = {
  pending: "Waiting for our check",
  published: "Published",
  hidden: "Hidden",
};

export type ReviewFieldErrors = Partial<Record<"rating" | "title" | "text" | "photos", string>>;

/** Longest side of a photo sent from the browser: the server keeps at most 1200 px anyway. */
const SEND_SIDE = 1400;

/**
 * A phone's photos are several MB each; the page's form may carry about 1 MB. Each chosen photo
 * is redrawn at most 1400 px a side as JPEG before it is sent (what the server would keep), so
 * five fit. A file the browser cannot draw is sent as it is: the server says what is wrong.
 */
async function shrink(file: File): Promise<File> {
  if (file.type === "image/gif") return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, SEND_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, "image/jpeg", 0.82));
    return blob
      ? new File([blob], file.name.replace(/\.\w+$/, ".jpg"), { type: "image/jpeg" })
      : file;
  } catch {
    return file;
  }
}

function StarInput({ value, error }: { value: number; error?: string }) {
  const [rating, setRating] = useState(value);
  return (
    <fieldset
      className="star-input"
      aria-invalid={error ? true : undefined}
      aria-describedby="rating-error"
    >
      <legend>Your rating</legend>
      <div className="star-input__stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= rating ? "star-input__on" : undefined}>
            <input
              type="radio"
              name="rating"
              value={n}
              defaultChecked={n === value}
              onChange={() => setRating(n)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {n} {n === 1 ? "star" : "stars"}
            </span>
          </label>
        ))}
      </div>
      <FieldError id="rating-error" message={error} />
    </fieldset>
  );
}

/** The order line being reviewed: its picture, name and variant. */
export function ReviewedLine({ line }: { line: ReviewLine }) {
  return (
    <div className="reviewed-line">
      {line.img && <img src={line.img} alt="" width={64} height={64} />}
      <div>
        <a href={`/${line.slug}`}>{line.name}</a>
        <div className="muted">
          {[line.color, line.size].filter(Boolean).join(" · ")}
          {line.color || line.size ? " · " : ""}Order {line.orderNo}
        </div>
      </div>
    </div>
  );
}

/**
 * Rating, title, text and photos, posted as a multipart form to the page's action: a new review
 * on /review/{id}, an edit on /my/reviews/{id} (its photos listed, each with a Remove box).
 */
export function ReviewForm({
  review,
  errors = {},
  busy,
  submitLabel,
}: {
  review?: MyReview;
  errors?: ReviewFieldErrors;
  busy: boolean;
  submitLabel: string;
}) {
  const [photoError, setPhotoError] = useState<string>();
  const kept = review?.photos.length ?? 0;
  const onPhotos = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const files = [...(input.files ?? [])];
    if (files.length > REVIEW_MAX_PHOTOS - kept) {
      setPhotoError(reviewMessages.tooManyPhotos);
      input.value = "";
      return;
    }
    setPhotoError(undefined);
    const small = await Promise.all(files.map(shrink));
    const list = new DataTransfer();
    for (const f of small) list.items.add(f);
    input.files = list.files;
  };
  const photosError = photoError ?? errors.photos;
  return (
    <Form method="post" encType="multipart/form-data" className="form review-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      <StarInput value={review?.rating ?? 0} error={errors.rating} />
      <label className="field">
        Title
        <input
          name="title"
          maxLength={120}
          defaultValue={review?.title}
          placeholder="Sum it up in a few words"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby="title-error"
        />
        <FieldError id="title-error" message={errors.title} />
      </label>
      <label className="field">
        Your review
        <textarea
          name="text"
          rows={5}
          maxLength={2000}
          defaultValue={review?.text}
          placeholder="How is the fit, the quality, the colour?"
          aria-invalid={errors.text ? true : undefined}
          aria-describedby="text-error"
        />
        <FieldError id="text-error" message={errors.text} />
      </label>
      {review && review.photos.length > 0 && (
        <fieldset className="review-form__kept">
          <legend>Your photos</legend>
          {review.photos.map((p) => (
            <label key={p._id}>
              <img src={p.url.replace("/img/800/", "/img/160/")} alt="" width={72} height={72} />
              <span>
                <input type="checkbox" name="removePhotos" value={p._id} /> Remove
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <label className="field">
        Add photos (up to {REVIEW_MAX_PHOTOS}
        {kept ? " in all" : ""})
        <input
          name="photos"
          type="file"
          accept={REVIEW_PHOTO_ACCEPT}
          multiple
          onChange={onPhotos}
          aria-invalid={photosError ? true : undefined}
          aria-describedby="photos-error"
        />
        <FieldError id="photos-error" message={photosError} />
      </label>
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? "Saving…" : submitLabel}
      </button>
    </Form>
  );
}
