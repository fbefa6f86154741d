import type { MediaStorage } from "../media/media-storage.ts";

/**
 * Where profile pictures are kept: every file operation of avatars goes through here, on the
 * shop's media storage (local disk or a bucket shared by every instance, decision 030).
 * Names come from the server only (`<user id>-<random>`), never from a request.
 */
export type AvatarFiles = {
  save(name: string, webp: Buffer): Promise<void>;
  /** Removes a picture; one already gone is not an error. */
  remove(name: string): Promise<void>;
};

export function mediaAvatarFiles(media: MediaStorage): AvatarFiles {
  const key = (name: string) => `avatars/${name}.webp`;
  return {
    save: (name, webp) => media.put(key(name), webp, "image/webp"),
    remove: (name) => media.delete(key(name)).catch(() => {}),
  };
}
