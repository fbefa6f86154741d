/** Keys of the media storage: what may be stored and served, and as which type. */

/** How long browsers and proxies keep an original: files never change in place. */
export const MEDIA_CACHE_CONTROL = "public, max-age=86400";

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
};

/**
 * Files under this folder are stored like the rest but never served by /media or /img: only a
 * route that checks who asks reads them (a vendor applicant's documents, decision 058).
 */
export const PRIVATE_PREFIX = "private/";

// Lowercase folders and names as the seed and the avatar service make them; no dots before the
// extension, so no `..`, no hidden files and nothing outside the storage's root.
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*){0,4}\.(webp|jpg|jpeg|png)$/;
// Private files may be PDFs besides.
const PRIVATE_KEY = /^private(\/[a-z0-9][a-z0-9_-]*){1,4}\.(webp|jpg|jpeg|png|pdf)$/;

/** A key the storage may hold (public or private). */
export const isMediaKey = (key: string) => KEY.test(key) || PRIVATE_KEY.test(key);

/** A key /media and /img may serve to anyone. */
export const isPublicMediaKey = (key: string) => KEY.test(key) && !key.startsWith(PRIVATE_PREFIX);

/** `image/webp` for `x.webp`, and so on; keys are checked first, so the extension is known. */
export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";

export function assertMediaKey(key: string) {
  if (!isMediaKey(key)) throw new Error(`media: invalid key ${JSON.stringify(key)}`);
}
