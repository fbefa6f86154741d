import type { z } from "zod";

/** A picture sent with a back-office form: the file input `<field>File` beside a picture field. */
export type SentPicture = { field: string; file: File };

/** The form's picture files (an empty file input sends none). */
export const picturesSent = (form: FormData): SentPicture[] =>
  [...form].flatMap(([name, value]) =>
    value instanceof File && value.size > 0 && name.endsWith("File")
      ? [{ field: name.slice(0, -"File".length), file: value }]
      : [],
  );

/** The values with a stand-in address in each field a picture was sent for, to check the rest. */
export const withStandIns = <T extends Record<string, unknown>>(
  values: T,
  pictures: SentPicture[],
) => ({ ...values, ...Object.fromEntries(pictures.map((p) => [p.field, "/media/upload.webp"])) });

/**
 * `values` with the address of each picture sent with the form (decision 062 addendum, 065). The
 * files are stored only when the rest passes `schema`, so a refused form stores nothing; one that
 * does not pass goes on as it is, for the service's own 400.
 */
export async function withPictures<T extends Record<string, unknown>>(
  form: FormData,
  values: T,
  schema: z.ZodType,
  upload: (bytes: Uint8Array) => Promise<{ url: string }>,
): Promise<T> {
  const pictures = picturesSent(form);
  if (!pictures.length || !schema.safeParse(withStandIns(values, pictures)).success) return values;
  const out: Record<string, unknown> = { ...values };
  for (const { field, file } of pictures)
    out[field] = (await upload(new Uint8Array(await file.arrayBuffer()))).url;
  return out as T;
}
