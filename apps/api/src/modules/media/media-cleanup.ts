import type { Db, DbOrTx } from "@maidan/db/database";
import type { Jobs } from "../jobs/jobs.ts";
import { isMediaKey } from "./media-key.ts";
import { isNamed } from "./media-references.repository.ts";
import type { MediaStorage } from "./media-storage.ts";

/** The queue of stored files a write stopped naming (decision 065). */
export const MEDIA_CLEANUP_QUEUE = "media.cleanup";

/**
 * Folders of files uploaded through the shop (product editor, content screens, avatars): the only
 * ones ever removed. The seed's pictures are made again by the next seed, and names typed by
 * staff may point anywhere in the storage.
 */
const UPLOADS = ["product-uploads/", "content/", "avatars/"];

/**
 * Folders of files the server names itself and records by key (review photos, decision 065's
 * addendum): a write that forgets such a key queues its removal by the key.
 */
const KEYED = ["reviews/"];

/**
 * Called in the transaction of a write that stops naming pictures (`/media/…` or `/img/<w>/…`
 * addresses; anything else is ignored): their removal is queued with the write, and happens only if it commits.
 */
export type DropPictures = (tx: DbOrTx, addresses: unknown[]) => Promise<void>;

/** The same for files recorded by their keys (`reviews/…`); other keys are ignored. */
export type DropFiles = (tx: DbOrTx, keys: string[]) => Promise<void>;

/** The stored file an address of an upload names, or null (a seed picture, another site…). */
export function uploadKeyOf(address: string): string | null {
  const m = /^\/(?:media|img\/\d+)\/(.+)\.(webp|jpg|jpeg|png|avif)$/.exec(address);
  if (!m?.[1]) return null;
  // Uploads are stored as WebP; /img/… addresses name them by any of its formats.
  const key = address.startsWith("/media/") ? `${m[1]}.${m[2]}` : `${m[1]}.webp`;
  return isMediaKey(key) && UPLOADS.some((u) => key.startsWith(u)) ? key : null;
}

/**
 * Removal of pictures nobody names any more: a job per file, written in the transaction that
 * dropped it; the handler removes the file only if no record names it then (a picture used
 * elsewhere, or named again since, stays). Running it twice, or for a file already gone, is fine.
 */
export function createMediaCleanup({
  db,
  jobs,
  media,
}: {
  db: Db;
  jobs: Jobs;
  media: Pick<MediaStorage, "delete">;
}) {
  async function removeIfUnnamed(key: string) {
    if (!isMediaKey(key) || (await isNamed(db, key))) return { removed: false };
    await media.delete(key);
    return { removed: true };
  }

  jobs.define<{ key: string }>({
    name: MEDIA_CLEANUP_QUEUE,
    retryLimit: 8,
    retryDelay: 30,
    keepSeconds: 24 * 3600,
    handle: ({ key }) => removeIfUnnamed(key),
  });

  const drop: DropPictures = async (tx, addresses) => {
    const keys = new Set(
      addresses.flatMap((a) => (typeof a === "string" ? (uploadKeyOf(a) ?? []) : [])),
    );
    for (const key of keys) await jobs.enqueue(tx, MEDIA_CLEANUP_QUEUE, { key });
  };

  const dropFiles: DropFiles = async (tx, keys) => {
    for (const key of new Set(keys))
      if (isMediaKey(key) && KEYED.some((k) => key.startsWith(k)))
        await jobs.enqueue(tx, MEDIA_CLEANUP_QUEUE, { key });
  };

  return { drop, dropFiles, removeIfUnnamed };
}

export type MediaCleanup = ReturnType<typeof createMediaCleanup>;
