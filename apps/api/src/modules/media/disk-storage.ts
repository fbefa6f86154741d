import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, mkdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { assertMediaKey, contentTypeOf, isMediaKey } from "./media-key.ts";
import type { MediaStorage } from "./media-storage.ts";

const missing = (e: unknown) => (e as NodeJS.ErrnoException).code === "ENOENT";

/** Media as files under `root` (DATA_DIR/media): one machine's storage, the default. */
export function diskStorage(root: string): MediaStorage {
  const path = (key: string) => {
    assertMediaKey(key);
    return join(root, key);
  };
  return {
    kind: "disk",
    description: root,
    exists: (key) =>
      isMediaKey(key)
        ? access(path(key)).then(
            () => true,
            () => false,
          )
        : Promise.resolve(false),
    async put(key, bytes) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      // Written under a temporary name first: a crash never leaves a half-written picture.
      const temp = `${target}.${randomUUID()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, target);
    },
    async read(key) {
      if (!isMediaKey(key)) return null;
      return readFile(path(key)).catch((e) => {
        if (missing(e)) return null;
        throw e;
      });
    },
    async open(key, opts = {}) {
      if (!isMediaKey(key)) return null;
      const file = path(key);
      const s = await stat(file).catch((e) => {
        if (missing(e)) return null;
        throw e;
      });
      if (!s?.isFile()) return null;
      const etag = `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`;
      if (opts.ifNoneMatch === etag) return { notModified: true, etag };
      return {
        body: createReadStream(file),
        size: s.size,
        contentType: contentTypeOf(key),
        etag,
        lastModified: s.mtime,
      };
    },
    async delete(key) {
      await unlink(path(key)).catch((e) => {
        if (!missing(e)) throw e;
      });
    },
    async check() {
      await mkdir(root, { recursive: true });
    },
    close() {},
  };
}
