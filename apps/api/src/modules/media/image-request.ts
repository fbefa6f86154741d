/**
 * What `/img/<width>/<path>.<format>` asks for. Only a few widths and formats exist, so the disk
 * cache stays bounded and nobody can make the server resize to arbitrary sizes.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 800] as const;
export const IMAGE_FORMATS = ["avif", "webp", "jpeg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export type ImageRequest = { width: number; path: string; format: ImageFormat };

export type ParseResult = { ok: true; value: ImageRequest } | { ok: false; message: string };

// Lowercase folders and names of the seeded media; no dots, so no `..` and no hidden files.
const SAFE_PATH = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*){0,4}$/;

export function parseImageRequest(width: string, rest: string): ParseResult {
  const w = Number(width);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(w) || String(w) !== width) {
    return { ok: false, message: `width must be one of ${IMAGE_WIDTHS.join(", ")}` };
  }
  const dot = rest.lastIndexOf(".");
  const format = rest.slice(dot + 1);
  if (dot < 1 || !(IMAGE_FORMATS as readonly string[]).includes(format)) {
    return { ok: false, message: `format must be one of ${IMAGE_FORMATS.join(", ")}` };
  }
  const path = rest.slice(0, dot);
  // Private files (decision 058) are read only by routes that check who asks.
  if (!SAFE_PATH.test(path) || path.startsWith("private/"))
    return { ok: false, message: "invalid image path" };
  return { ok: true, value: { width: w, path, format: format as ImageFormat } };
}

/** `/media/products/shoe-red.webp` → `products/shoe-red`; null for anything not under /media. */
export function mediaPathOf(url: string): string | null {
  const m = /^\/media\/(.+)\.(webp|jpg|jpeg|png)$/.exec(url);
  return m?.[1] && SAFE_PATH.test(m[1]) ? m[1] : null;
}
