import { randomBytes } from "node:crypto";
import { AVATAR_MAX_KB, AVATAR_PATH, AVATAR_RULES, avatarMessages } from "@maidan/contracts/auth";
import { AppError, type ErrorCode } from "@maidan/contracts/errors";
import { validateValue } from "@maidan/contracts/validation";
import type { Db, DbOrTx } from "@maidan/db/database";
import { forbidden, notFound } from "../../lib/errors.ts";
import type { DropPictures } from "../media/media-cleanup.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import { loadSharp } from "../media/sharp.ts";
import { accountMessages } from "./account.service.ts";
import * as repo from "./auth.repository.ts";
import { mediaAvatarFiles } from "./avatar-files.ts";
import { publicUserOf } from "./user-view.ts";

export type AvatarUpload = { name: string; type: string; bytes: Uint8Array };

const MIN_SIDE = 32;
const MAX_SIDE = 4096;
/** Stored once at this size; /img resizes it further for each place it is shown. */
const STORED_SIDE = 512;
// What libvips can read of §9's image extensions (it has no BMP loader).
const DECODABLE = new Set(["jpeg", "png", "gif", "svg"]);

const refuse = (message: string, code: ErrorCode = "AVATAR_INVALID") => new AppError(code, message);

/**
 * The stored name of `avatar` when it is one of `userId`'s own uploads, else null. Only such a
 * file is ever removed on the user's behalf: a profile may name a picture it does not own.
 */
export function ownAvatarFile(userId: string, avatar: string | null | undefined) {
  if (!avatar || !AVATAR_PATH.test(avatar)) return null;
  const name = avatar.slice(avatar.lastIndexOf("/") + 1, -".webp".length);
  return name.startsWith(`${userId}-`) ? name : null;
}

/**
 * Profile pictures: checked with the §5 file rules (image extensions of §9, size in KB) and then
 * by decoding them (the name is only a claim), re-encoded as WebP without metadata (an SVG's
 * scripts and a photo's location go with it), stored under avatars/ in the media storage and
 * shown through /img like every other picture.
 */
export function createAvatarService(deps: {
  db: Db;
  media: MediaStorage;
  dropPictures: DropPictures;
  isDemo: () => Promise<boolean>;
}) {
  const files = mediaAvatarFiles(deps.media);

  /**
   * In the profile change's transaction: queues the removal of the picture it no longer shows, if
   * it was the user's own upload (decision 065: it goes once no record names it).
   */
  async function dropReplaced(
    tx: DbOrTx,
    userId: string,
    previous: string | null,
    current: string | null,
  ) {
    if (previous !== current && ownAvatarFile(userId, previous))
      await deps.dropPictures(tx, [previous]);
  }

  async function check(file: AvatarUpload) {
    const sharp = await loadSharp();
    const probe = sharp(file.bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE, animated: false });
    const meta = await probe.metadata().catch(() => null);
    const described = {
      name: file.name,
      type: file.type,
      size: file.bytes.byteLength,
      dimensions: async () => (meta?.width ? { width: meta.width, height: meta.height } : null),
    };
    const r = await validateValue(described, AVATAR_RULES, "avatar");
    if (r.failed.includes("size")) throw refuse(avatarMessages.tooLarge, "AVATAR_TOO_LARGE");
    if (!r.valid) throw refuse(avatarMessages.notImage);
    if (!meta?.format || !DECODABLE.has(meta.format) || !meta.width || !meta.height)
      throw refuse(avatarMessages.unreadable);
    const [w, h] = [meta.width, meta.height];
    if (Math.min(w, h) < MIN_SIDE || Math.max(w, h) > MAX_SIDE)
      throw refuse(avatarMessages.dimensions);
    return Math.min(w, h);
  }

  return {
    async set(userId: string, file: AvatarUpload) {
      if (await deps.isDemo()) throw forbidden(accountMessages.demoProfile);
      if (file.bytes.byteLength > AVATAR_MAX_KB * 1024)
        throw refuse(avatarMessages.tooLarge, "AVATAR_TOO_LARGE");
      // A square from the middle, never enlarged.
      const side = Math.min(STORED_SIDE, await check(file));
      const sharp = await loadSharp();
      const webp = await sharp(file.bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE })
        .rotate()
        .resize(side, side, { fit: "cover" })
        .webp({ quality: 80 })
        .toBuffer()
        .catch(() => {
          throw refuse(avatarMessages.unreadable);
        });
      const name = `${userId}-${randomBytes(6).toString("hex")}`;
      await files.save(name, webp);
      const swapped = await repo.updateUserKeepingPrevious(
        deps.db,
        userId,
        { avatar: `/img/320/avatars/${name}.webp` },
        (tx, previous, user) => dropReplaced(tx, userId, previous.avatar, user.avatar),
      );
      if (!swapped) {
        await files.remove(name);
        throw notFound("User not found");
      }
      return publicUserOf(swapped.user);
    },
    dropReplaced,
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;

/** `data:image/png;base64,…` → the upload, or null when it is not a base64 data URL. */
export function fromDataUrl(dataUrl: string, name?: string): AvatarUpload | null {
  const m = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUrl);
  if (!m?.[1] || !m[2]) return null;
  const type = m[1].toLowerCase();
  const ext = type === "image/svg+xml" ? "svg" : (type.split("/")[1] ?? "bin");
  return { type, name: name ?? `avatar.${ext}`, bytes: Buffer.from(m[2], "base64") };
}
