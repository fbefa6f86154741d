import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { ImageRequest } from "./image-request.ts";
import type { MediaStorage } from "./media-storage.ts";
import { loadSharp } from "./sharp.ts";

// Sources tried in order: the seed writes a WebP and a JPEG of each picture.
const SOURCE_EXTENSIONS = ["webp", "jpg", "jpeg", "png"];

/**
 * Resizes media with sharp and keeps each result on this instance's disk, so a width/format
 * pair is encoded once per file and instance, and the media storage (maybe a remote bucket) is
 * read only on a first request. Concurrent first requests for the same variant share one encode.
 */
export function createImageCache(opts: { storage: MediaStorage; cacheDir: string }) {
  const pending = new Map<string, Promise<Buffer | null>>();

  async function original(path: string): Promise<Buffer | null> {
    for (const ext of SOURCE_EXTENSIONS) {
      const bytes = await opts.storage.read(`${path}.${ext}`);
      if (bytes) return bytes;
    }
    return null;
  }

  async function encode(req: ImageRequest, target: string): Promise<Buffer | null> {
    const source = await original(req.path);
    if (!source) return null;
    const sharp = await loadSharp();
    const pipeline = sharp(source).resize({ width: req.width, withoutEnlargement: true });
    const out =
      req.format === "avif"
        ? pipeline.avif({ quality: 50, effort: 2 })
        : req.format === "webp"
          ? pipeline.webp({ quality: 72, effort: 3 })
          : pipeline.jpeg({ quality: 75, mozjpeg: true });
    const buffer = await out.toBuffer();
    // Written under a temporary name first: a crash never leaves a half-written cache file.
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, buffer);
    await rename(temp, target);
    return buffer;
  }

  return {
    /** The encoded image, or null when there is no such source file. */
    async get(req: ImageRequest): Promise<Buffer | null> {
      const target = join(opts.cacheDir, String(req.width), `${req.path}.${req.format}`);
      const cached = await readFile(target).catch(() => null);
      if (cached) return cached;
      let job = pending.get(target);
      if (!job) {
        job = encode(req, target).finally(() => pending.delete(target));
        pending.set(target, job);
      }
      return job;
    },
  };
}
