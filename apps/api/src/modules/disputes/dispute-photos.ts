import { randomBytes } from "node:crypto";
import {
  DISPUTE_MAX_PHOTOS,
  DISPUTE_PHOTO_MAX_KB,
  type DisputePhotoUpload,
  disputeMessages,
} from "@maidan/contracts/disputes";
import { AppError } from "@maidan/contracts/errors";
import { badRequest } from "../../lib/errors.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import { loadSharp } from "../media/sharp.ts";

const MAX_SIDE = 8000;
/** Stored at most this wide or tall; /img shrinks it further where it is shown. */
const STORED_SIDE = 1600;
// Photos only: an SVG is a document (scripts), not evidence.
const DECODABLE = new Set(["jpeg", "png", "gif", "webp", "heif"]);

/**
 * The evidence of a dispute (decision 052): each upload checked by size and by decoding it (the
 * name and type are only claims), turned upright, shrunk to 1600 px at most and re-encoded as
 * WebP without metadata (a phone photo's location goes with it). Stored in the media storage
 * under disputes/, named by the server with 16 random bytes, shown through /img.
 */
export async function preparePhotos(files: DisputePhotoUpload[]): Promise<Buffer[]> {
  if (files.length > DISPUTE_MAX_PHOTOS) throw badRequest(disputeMessages.tooManyPhotos);
  const out: Buffer[] = [];
  const sharp = await loadSharp();
  for (const f of files) {
    if (f.bytes.byteLength > DISPUTE_PHOTO_MAX_KB * 1024)
      throw new AppError("BODY_TOO_LARGE", disputeMessages.tooLarge);
    const meta = await sharp(f.bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE })
      .metadata()
      .catch(() => null);
    if (!meta?.format || !DECODABLE.has(meta.format) || !meta.width || !meta.height)
      throw badRequest(disputeMessages.notImage);
    const webp = await sharp(f.bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE, animated: false })
      .rotate()
      .resize(STORED_SIDE, STORED_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
      .catch(() => {
        throw badRequest(disputeMessages.notImage);
      });
    out.push(webp);
  }
  return out;
}

export function disputePhotoFiles(media: MediaStorage) {
  return {
    /** Stores the photos; answers their keys. */
    async save(userId: string, photos: Buffer[]) {
      const keys: string[] = [];
      for (const p of photos) {
        const key = `disputes/${userId}-${randomBytes(16).toString("hex")}.webp`;
        await media.put(key, p, "image/webp");
        keys.push(key);
      }
      return keys;
    },
    /** Removes photos whose dispute was never written; one already gone is not an error. */
    remove: (keys: string[]) =>
      Promise.all(keys.map((k) => media.delete(k).catch(() => {}))).then(() => {}),
  };
}

/** A stored key → the address it is shown at (800 px wide at most). */
export const photoUrl = (key: string) => `/img/800/${key}`;
