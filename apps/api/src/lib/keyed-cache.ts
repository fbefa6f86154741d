/**
 * A small keyed cache with stale-while-revalidate: a fresh entry is served as is; a stale one is
 * served while one refresh runs; callers of a missing key share one in-flight load. `invalidate`
 * empties it and bumps a generation, so a load that began before the invalidation is not stored;
 * `drop` does the same for the keys it matches. At most `maxEntries` keys are kept (the oldest
 * written is dropped first). ttl 0 = no caching.
 */
export function keyedCache(ttlMs: number, maxEntries = 2_000) {
  const values = new Map<string, { v: unknown; at: number }>();
  const inflight = new Map<string, Promise<unknown>>();
  let generation = 0;

  const refresh = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const running = inflight.get(key);
    if (running) return running as Promise<T>;
    const gen = generation;
    const p = load()
      .then((v) => {
        // Not stored when dropped meanwhile: it may have read what the drop was about.
        if (gen === generation && ttlMs > 0 && inflight.get(key) === p) {
          values.delete(key);
          values.set(key, { v, at: Date.now() });
          if (values.size > maxEntries) values.delete(values.keys().next().value as string);
        }
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
  };
}
