import { randomBytes } from "node:crypto";
import { AppError } from "@maidan/contracts/errors";
import { type PhotoFile, REVIEW_PHOTO_MAX_KB, reviewMessages } from "@maidan/contracts/reviews";
import type { MediaStorage } from "../media/media-storage.ts";
import { loadSharp } from "../media/sharp.ts";

const MAX_INPUT_SIDE = 8000;
/** Stored at most this wide or high; /img serves smaller copies. */
const STORED_SIDE = 1200;
const FORMATS = new Set(["jpeg", "png", "gif", "webp"]);

/** `data:image/png;base64,…` → the file, or null when it is not a base64 data URL. */
export function photoFromDataUrl(image: string, name?: string): PhotoFile | null {
  const m = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(image);
  if (!m?.[1] || !m[2]) return null;
  const type = m[1].toLowerCase();
  return {
    type,
    name: name ?? `photo.${type.split("/")[1] ?? "bin"}`,
    bytes: Buffer.from(m[2], "base64"),
  };
}

/**
 * Checks a shopper's photos (size, then decoding: the type and name are only claims) and
 * re-encodes each as WebP without metadata (a phone photo's location goes), at most 1200 px a
 * side. Refuses the whole set on the first bad one, before anything is stored.
 */
export async function preparePhotos(files: PhotoFile[]): Promise<Buffer[]> {
  const out: Buffer[] = [];
  const sharp = await loadSharp();
  for (const f of files) {
    if (f.bytes.byteLength > REVIEW_PHOTO_MAX_KB * 1024)
      throw new AppError("PHOTO_TOO_LARGE", reviewMessages.photoTooLarge);
    if (f.bytes.byteLength === 0) throw new AppError("PHOTO_INVALID", reviewMessages.photoNotImage);
    const img = sharp(f.bytes, {
      limitInputPixels: MAX_INPUT_SIDE * MAX_INPUT_SIDE,
      animated: false,
    });
    const meta = await img.metadata().catch(() => null);
    if (!meta?.format || !FORMATS.has(meta.format) || !meta.width || !meta.height)
      throw new AppError("PHOTO_INVALID", reviewMessages.photoNotImage);
    out.push(
      await img
        .rotate()
        .resize(STORED_SIDE, STORED_SIDE, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer()
        .catch(() => {
          throw new AppError("PHOTO_INVALID", reviewMessages.photoNotImage);
        }),
    );
  }
  return out;
}

/** Review photos in the media storage: `reviews/<review id>-<random>.webp`, named by the server. */
export function reviewPhotoFiles(media: MediaStorage) {
  return {
    async save(reviewId: string, webps: Buffer[]) {
      const keys: string[] = [];
      try {
        for (const w of webps) {
          const key = `reviews/${reviewId}-${randomBytes(6).toString("hex")}.webp`;
          await media.put(key, w, "image/webp");
          keys.push(key);
        }
      } catch (e) {
        await this.remove(keys);
        throw e;
      }
      return keys;
    },
    /** Removes files; one already gone is no error. */
    async remove(keys: string[]) {
      for (const k of keys) await media.delete(k).catch(() => {});
    },
  };
}

/** Where a stored photo is shown from (the /img route resizes it). */
export const photoUrl = (key: string) => `/img/800/${key}`;
