import { mkdir, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Where profile pictures are kept: every file operation of avatars goes through here, so the
 * storage can change (object storage for several servers) without touching the rules.
 * Names come from the server only (`<user id>-<random>`), never from a request.
 */
export type AvatarFiles = {
  save(name: string, webp: Buffer): Promise<void>;
  /** Removes a picture; one already gone is not an error. */
  remove(name: string): Promise<void>;
};

/** Files under `folder` (DATA_DIR/media/avatars), served by /img. */
export function localAvatarFiles(folder: string): AvatarFiles {
  return {
    async save(name, webp) {
      await mkdir(folder, { recursive: true });
      // Written aside and renamed: /img never serves half a file.
      const temp = join(folder, `${name}.tmp`);
      await writeFile(temp, webp);
      await rename(temp, join(folder, `${name}.webp`));
    },
    async remove(name) {
      await unlink(join(folder, `${name}.webp`)).catch(() => {});
    },
  };
}
