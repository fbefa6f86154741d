/**
 * Caches an async result for `ttlMs`, sharing one in-flight call. After expiry the stale value is
 * served while one refresh runs (stale-while-revalidate), so a slow query never blocks readers.
 * A ttl of 0 turns caching off.
 */
export function memo<T>(ttlMs: number, load: () => Promise<T>) {
  let value: { v: T; at: number } | undefined;
  let inflight: Promise<T> | undefined;
  const refresh = () => {
    inflight ??= load()
      .then((v) => {
        value = { v, at: Date.now() };
        return v;
      })
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  };
  const get = async (): Promise<T> => {
    if (ttlMs <= 0 || !value) return refresh();
    if (Date.now() - value.at > ttlMs) refresh().catch(() => {});
    return value.v;
  };
  get.invalidate = () => {
    value = undefined;
  };
  /** Whether a value is held (fresh or stale), so a call answers without waiting for a load. */
  get.ready = () => ttlMs > 0 && value !== undefined;
  return get;
}
