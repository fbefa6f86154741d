import { boundedMap } from "./bounded-map.ts";

export type CacheLimits = {
  /** At most this many keys (the oldest written is dropped first). Default 2,000. */
  maxEntries?: number;
  /**
   * At most this many bytes by `weigh`, which estimates what a value holds in memory (the
   * oldest written is dropped first; a value heavier than the whole budget is not kept).
   */
  maxBytes?: number;
  weigh?: (value: unknown) => number;
};

/**
 * A small keyed cache with stale-while-revalidate: a fresh entry is served as is; a stale one is
 * served while one refresh runs; callers of a missing key share one in-flight load. `invalidate`
 * empties it and bumps a generation, so a load that began before the invalidation is not stored;
 * `drop` does the same for the keys it matches. Bounded by entries and, with `weigh`, by bytes
 * (issue #19: a new filter on every request filled 2,000 listings, ~150 MB). ttl 0 = no caching.
 */
export function keyedCache(ttlMs: number, limits: CacheLimits = {}) {
  const weigh = limits.weigh ?? (() => 0);
  const values = boundedMap<{ v: unknown; at: number }>(
    limits.maxEntries ?? 2_000,
    limits.maxBytes ?? Number.POSITIVE_INFINITY,
    (entry) => weigh(entry.v),
  );
  const inflight = new Map<string, Promise<unknown>>();
  let generation = 0;

  const refresh = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const running = inflight.get(key);
    if (running) return running as Promise<T>;
    const gen = generation;
    const p = load()
      .then((v) => {
        // Not stored when dropped meanwhile: it may have read what the drop was about.
        if (gen === generation && ttlMs > 0 && inflight.get(key) === p)
          values.set(key, { v, at: Date.now() });
        return v;
      })
      .finally(() => {
        if (inflight.get(key) === p) inflight.delete(key);
      });
    inflight.set(key, p);
    return p;
  };

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = values.get(key);
      if (ttlMs <= 0 || !hit) return refresh(key, load);
      if (Date.now() - hit.at > ttlMs) refresh(key, load).catch(() => {});
      return hit.v as T;
    },
    invalidate() {
      generation++;
      values.clear();
      inflight.clear();
    },
    /** Drops the keys `matches` accepts, and forgets their loads in flight. */
    drop(matches: (key: string) => boolean) {
      for (const key of [...values.keys()]) if (matches(key)) values.delete(key);
      for (const key of [...inflight.keys()]) if (matches(key)) inflight.delete(key);
    },
    /** The value held for `key`, fresh or stale, without loading it. */
    peek<T>(key: string): T | undefined {
      return values.get(key)?.v as T | undefined;
    },
    get size() {
      return values.size;
    },
    /** What the values held weigh together, by `weigh`. */
    get bytes() {
      return values.bytes;
    },
  };
}
