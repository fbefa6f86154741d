import { eachFile, type FileLike } from "./files.ts";
import type { RuleDefinition } from "./rule-types.ts";

/** File rules (spec §5, §9): ext, mimes, image, size in KB, dimensions. */

/** §9: the image rule's default extensions. */
export const IMAGE_EXTENSIONS = ["jpg", "svg", "jpeg", "png", "bmp", "gif"] as const;

const extensionOf = (file: FileLike) =>
  file.name.slice(file.name.lastIndexOf(".") + 1).toLowerCase();

// "image/*" matches every image type.
const mimeMatches = (type: string, pattern: string) =>
  pattern.endsWith("/*") ? type.startsWith(pattern.slice(0, -1)) : type === pattern;

export const fileRules: Record<string, RuleDefinition> = {
  ext: {
    validate: (v, exts) =>
      eachFile(v, (f) => exts.map((e) => e.toLowerCase()).includes(extensionOf(f))),
  },
  mimes: { validate: (v, types) => eachFile(v, (f) => types.some((t) => mimeMatches(f.type, t))) },
  image: {
    validate: (v) =>
      eachFile(v, (f) => (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(f))),
  },
  // size:KB → at most that many kilobytes (1 KB = 1024 bytes).
  size: { validate: (v, [kb]) => eachFile(v, (f) => f.size <= Number(kb) * 1024) },
  // dimensions:width,height → exactly that many pixels. Reading an image is asynchronous.
  dimensions: {
    validate: async (v, [w, h]) => {
      const files = Array.isArray(v) ? v : [v];
      for (const file of files as FileLike[]) {
        const size = file.dimensions ? await file.dimensions() : null;
        if (!size || size.width !== Number(w) || size.height !== Number(h)) return false;
      }
      return files.length > 0;
    },
  },
};
