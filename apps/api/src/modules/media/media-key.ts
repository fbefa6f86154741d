/** Keys of the media storage: what may be stored and served, and as which type. */

/** How long browsers and proxies keep an original: files never change in place. */
export const MEDIA_CACHE_CONTROL = "public, max-age=86400";

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

// Lowercase folders and names as the seed and the avatar service make them; no dots before the
// extension, so no `..`, no hidden files and nothing outside the storage's root.
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*){0,4}\.(webp|jpg|jpeg|png)$/;

export const isMediaKey = (key: string) => KEY.test(key);

/** `image/webp` for `x.webp`, and so on; keys are checked first, so the extension is known. */
export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";

export function assertMediaKey(key: string) {
  if (!isMediaKey(key)) throw new Error(`media: invalid key ${JSON.stringify(key)}`);
}
