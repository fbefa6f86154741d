/**
 * What the file rules need to know about a file. A browser `File` fits (name, type, size); pass
 * `describeFile(file)` to add the pixel size for the dimensions rule.
 */
export type FileLike = {
  name: string;
  type: string;
  size: number;
  dimensions?: () => Promise<{ width: number; height: number } | null>;
};

export function isFileLike(value: unknown): value is FileLike {
  if (typeof value !== "object" || value === null) return false;
  const f = value as Record<string, unknown>;
  return typeof f.name === "string" && typeof f.type === "string" && typeof f.size === "number";
}

export function eachFile(value: unknown, check: (file: FileLike) => boolean): boolean {
  const files = Array.isArray(value) ? value : [value];
  return files.length > 0 && files.every((f) => isFileLike(f) && check(f));
}

/** A browser File with an image-size reader (createImageBitmap is in every current browser). */
export function describeFile(file: File): FileLike {
  return {
    name: file.name,
    type: file.type,
    size: file.size,
    dimensions: async () => {
      try {
        const bitmap = await createImageBitmap(file);
        const size = { width: bitmap.width, height: bitmap.height };
        bitmap.close();
        return size;
      } catch {
        return null;
      }
    },
  };
}
