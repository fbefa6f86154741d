import { AppError } from "@maidan/contracts/errors";
import { loadSharp } from "./sharp.ts";

/** A picture's side may be at most this many pixels when it arrives (a decompression bomb). */
const MAX_INPUT_SIDE = 10_000;
const FORMATS = new Set(["jpeg", "png", "gif", "webp", "heif"]);

/**
 * An uploaded picture checked by its bytes (the name and type sent are only claims) and its size,
 * turned the right way up and stored as WebP at most `side` pixels a side (the /img route serves
 * the shop's widths and formats from it): the product editor's and the content screens' uploads.
 * Too large: 413; not a JPG, PNG, GIF, WebP or AVIF picture: 400.
 */
export async function toWebp(
  bytes: Uint8Array,
  opts: { maxMb: number; side: number; tooLarge: string; notImage: string },
) {
  if (bytes.byteLength > opts.maxMb * 1024 * 1024)
    throw new AppError("PHOTO_TOO_LARGE", opts.tooLarge);
  const notImage = () => new AppError("PHOTO_INVALID", opts.notImage);
  if (bytes.byteLength === 0) throw notImage();
  const sharp = await loadSharp();
  const img = sharp(bytes, { limitInputPixels: MAX_INPUT_SIDE * MAX_INPUT_SIDE, animated: false });
  const meta = await img.metadata().catch(() => null);
  if (!meta?.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw notImage();
  const out = await img
    .rotate()
    .resize(opts.side, opts.side, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw notImage();
    });
  return { bytes: out.data, width: out.info.width, height: out.info.height };
}
