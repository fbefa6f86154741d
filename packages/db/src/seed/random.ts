/** A small seeded PRNG (mulberry32) so that every seed run builds the same catalogue. */
export type Rng = {
  /** Uniform float in [0, 1). */
  next: () => number;
  /** Uniform integer in [min, max] (both inclusive). */
  int: (min: number, max: number) => number;
  /** True with probability p. */
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** `count` distinct items in random order (all of them when count >= length). */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** Base-36 code of the given length, e.g. "k3f9". */
  code: (length: number) => string;
};

export function createRng(seed: number | string): Rng {
  let state = typeof seed === "string" ? hashString(seed) : seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("rng.pick: empty list");
    return items[Math.floor(next() * items.length)] as T;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, Math.max(0, count));
  };
  const code = (length: number) => {
    let out = "";
    for (let i = 0; i < length; i++) out += Math.floor(next() * 36).toString(36);
    return out;
  };
  return { next, int, chance: (p) => next() < p, pick, sample, code };
}

/** FNV-1a: turns a label into a 32-bit seed. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Rounds a rupee amount to a price a shop would print: 499, 1,299, 2,999, 12,499.
 * `mode` "down" never rounds above the input (used for sale prices).
 */
export function shopPrice(amount: number, mode: "nearest" | "down" = "nearest"): number {
  const step = amount < 1_000 ? 50 : amount < 5_000 ? 100 : amount < 20_000 ? 500 : 1_000;
  const round = mode === "down" ? Math.floor : Math.round;
  const rounded = Math.max(step, round((amount + 1) / step) * step) - 1;
  return Math.max(149, rounded);
}
