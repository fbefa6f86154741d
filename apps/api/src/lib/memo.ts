/**
 * Caches an async result for `ttlMs`, sharing one in-flight call. After expiry the stale value is
 * served while one refresh runs (stale-while-revalidate), so a slow query never blocks readers.
 * A ttl of 0 turns caching off.
 */
export function memo<T>(ttlMs: number, load: () => Promise<T>) {
  let value: { v: T; at: number } | undefined;
  let inflight: Promise<T> | undefined;
  let generation = 0;
  const refresh = () => {
    if (inflight) return inflight;
    const gen = generation;
    const p: Promise<T> = load()
      .then((v) => {
        // Not kept when invalidated meanwhile: it may have read what the invalidation was about.
        if (gen === generation) value = { v, at: Date.now() };
        return v;
      })
      .finally(() => {
        if (inflight === p) inflight = undefined;
      });
    inflight = p;
    return p;
  };
  const get = async (): Promise<T> => {
    if (ttlMs <= 0 || !value) return refresh();
    if (Date.now() - value.at > ttlMs) refresh().catch(() => {});
    return value.v;
  };
  /** Drops the value and forgets a load in flight (its result is not kept). */
  get.invalidate = () => {
    value = undefined;
    inflight = undefined;
    generation++;
  };
  /** Whether a value is held (fresh or stale), so a call answers without waiting for a load. */
  get.ready = () => ttlMs > 0 && value !== undefined;
  return get;
}
