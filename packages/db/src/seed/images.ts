/**
 * Generated demo images. A fixed, limited pool (independent of the product count) is rendered
 * with sharp from SVG into WebP plus a JPEG fallback with the same base name, into the shop's
 * media storage (a folder, or the shared bucket when one is configured: decision 030). Existing
 * files are kept, and each file is written whole, so a crash never leaves a truncated image.
 */
import { access, mkdir, rename, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import sharp from "sharp";
import {
  COLORS,
  type ColorName,
  flattenCategories,
  SHAPE_COLORS,
  SHAPE_LABELS,
  SHAPES,
  type Shape,
} from "./catalog-data.ts";
import type { BannerSlide } from "./content.ts";
import { BRANDS, VENDORS } from "./partners.ts";
import { slugify } from "./random.ts";
import { bannerSvg, categorySvg, logoSvg, productSvg } from "./svg.ts";

export type ImageJob = { file: string; width: number; height: number; svg: () => string };

/** Where the pictures go: the app's media storage (apps/api/src/modules/media) fits this. */
export type MediaSink = {
  exists(key: string): Promise<boolean>;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
};

/** Public URL of a generated image (path relative to mediaDir, without extension). */
export const mediaUrl = (file: string) => `/media/${file}.webp`;

export const productImageFile = (shape: Shape, color: ColorName) =>
  `products/${shape}-${slugify(color)}`;
/** A close-up in the product's own colour (a Navy shoe's detail was once drawn black). */
export const productDetailFile = (shape: Shape, color: ColorName) =>
  `products/${shape}-${slugify(color)}-detail`;
export const categoryImageFile = (slug: string) => `categories/${slug}`;
export const brandLogoFile = (slug: string) => `brands/${slug}`;
export const vendorLogoFile = (slug: string) => `vendors/${slug}-logo`;
export const vendorBannerFile = (slug: string) => `vendors/${slug}-banner`;
/** A freebie campaign's picture; `art`: the short title drawn on it. */
export type FreebieArt = { key: string; art: string; color: ColorName; shape: Shape };

export const freebieImageFile = (key: string) => `freebies/${key}`;
export const bannerFile = (key: string, device: "desktop" | "mobile") => `banners/${key}-${device}`;

export const BANNER_SIZES = { desktop: [1600, 500], mobile: [800, 800] } as const;

/** Every image the seed references. */
export function imageJobs(slides: BannerSlide[], freebies: FreebieArt[] = []): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const shape of SHAPES) {
    const label = SHAPE_LABELS[shape];
    for (const color of SHAPE_COLORS[shape]) {
      const svg = () => productSvg(shape, COLORS[color], label, false);
      jobs.push({ file: productImageFile(shape, color), width: 800, height: 800, svg });
      const detail = () => productSvg(shape, COLORS[color], `${label} · Detail`, true);
      jobs.push({ file: productDetailFile(shape, color), width: 800, height: 800, svg: detail });
    }
  }
  for (const c of flattenCategories()) {
    const svg = () => categorySvg(c.name, c.shape, COLORS[c.color]);
    jobs.push({ file: categoryImageFile(c.slug), width: 800, height: 800, svg });
  }
  for (const b of BRANDS) {
    const svg = () => logoSvg(b.name, COLORS[b.color], 400);
    jobs.push({ file: brandLogoFile(slugify(b.name)), width: 400, height: 400, svg });
  }
  for (const v of VENDORS) {
    const slug = slugify(v.name);
    const logo = () => logoSvg(v.name, COLORS[v.color], 400);
    jobs.push({ file: vendorLogoFile(slug), width: 400, height: 400, svg: logo });
    const art = { title: v.name, subtitle: `${v.city} · Sold on Maidan`, cta: "Visit store" };
    const banner = () => bannerSvg({ ...art, color: COLORS[v.color], shape: "bag" }, 1600, 400);
    jobs.push({ file: vendorBannerFile(slug), width: 1600, height: 400, svg: banner });
  }
  for (const f of freebies) {
    const art = { title: f.art, subtitle: "Free with your order", cta: "See the terms" };
    const svg = () => bannerSvg({ ...art, color: COLORS[f.color], shape: f.shape }, 800, 800);
    jobs.push({ file: freebieImageFile(f.key), width: 800, height: 800, svg });
  }
  for (const s of slides) {
    for (const device of ["desktop", "mobile"] as const) {
      const [width, height] = BANNER_SIZES[device];
      const art = { ...s, color: COLORS[s.color] };
      const svg = () => bannerSvg(art, width, height);
      jobs.push({ file: bannerFile(s.key, device), width, height, svg });
    }
  }
  return jobs;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function writeAtomic(path: string, data: Uint8Array) {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** A plain folder (tests and tools that have no media storage of their own). */
export function folderSink(dir: string): MediaSink {
  return {
    exists: (key) => exists(join(dir, key)),
    async put(key, bytes) {
      await mkdir(dirname(join(dir, key)), { recursive: true });
      await writeAtomic(join(dir, key), bytes);
    },
  };
}

async function renderOne(sink: MediaSink, job: ImageJob): Promise<boolean> {
  const webp = `${job.file}.webp`;
  const jpg = `${job.file}.jpg`;
  const [hasWebp, hasJpg] = await Promise.all([sink.exists(webp), sink.exists(jpg)]);
  if (hasWebp && hasJpg) return false;
  const raster = sharp(Buffer.from(job.svg()), { density: 72 })
    .resize(job.width, job.height, { fit: "cover" })
    .flatten({ background: "#ffffff" });
  const [w, j] = await Promise.all([
    hasWebp ? null : raster.clone().webp({ quality: 70, effort: 2 }).toBuffer(),
    hasJpg ? null : raster.clone().jpeg({ quality: 78, mozjpeg: false }).toBuffer(),
  ]);
  if (w) await sink.put(webp, w, "image/webp");
  if (j) await sink.put(jpg, j, "image/jpeg");
  return true;
}

export type RenderReport = { total: number; written: number; ms: number };

/**
 * Renders the jobs with a small worker pool; files that already exist are skipped. `progress`
 * hears of each finished job.
 */
export async function renderImages(
  sink: MediaSink,
  jobs: ImageJob[],
  progress?: (done: number, total: number) => void,
): Promise<RenderReport> {
  const started = performance.now();
  let next = 0;
  let done = 0;
  let written = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (job && (await renderOne(sink, job))) written++;
      progress?.(++done, jobs.length);
    }
  };
  const workers = Math.max(2, Math.min(4, availableParallelism()));
  await Promise.all(Array.from({ length: workers }, worker));
  return { total: jobs.length, written, ms: Math.round(performance.now() - started) };
}
