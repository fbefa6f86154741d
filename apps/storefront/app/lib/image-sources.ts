/**
 * Responsive sources for a media image, served by the API's `/img/<width>/<path>.<format>`
 * route (AVIF and WebP for browsers that take them, JPEG for the rest). Widths must match
 * IMAGE_WIDTHS in apps/api/src/modules/media/image-request.ts.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 800] as const;

/** Spec §9: shown while an image loads and when it cannot load (800×800, in public/images). */
export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";
export const ERROR_IMAGE = "/images/image-error.svg";

export type ImageSources = {
  avif: string;
  webp: string;
  jpeg: string;
  /** The `src` for browsers without srcset, and what a retry falls back to. */
  fallback: string;
};

export function imageSources(url: string, widths: readonly number[] = IMAGE_WIDTHS) {
  const path = /^\/media\/([a-z0-9/_-]+)\.(?:webp|jpe?g|png)$/.exec(url)?.[1];
  if (!path) return null;
  const set = (format: string) => widths.map((w) => `/img/${w}/${path}.${format} ${w}w`).join(", ");
  const largest = widths[widths.length - 1] ?? 800;
  return {
    avif: set("avif"),
    webp: set("webp"),
    jpeg: set("jpeg"),
    fallback: `/img/${largest}/${path}.jpeg`,
  } satisfies ImageSources;
}
