/**
 * A Map kept under a number of entries and of bytes, dropping the oldest written first. `weigh`
 * says what a value holds in memory; a value heavier than the whole budget is not kept.
 */
export function boundedMap<V>(maxEntries: number, maxBytes: number, weigh: (value: V) => number) {
  const entries = new Map<string, { value: V; bytes: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    bytes -= old.bytes;
    entries.delete(key);
  };
  return {
    get: (key: string) => entries.get(key)?.value,
    set(key: string, value: V) {
      remove(key);
      const weight = weigh(value);
      if (weight > maxBytes) return;
      entries.set(key, { value, bytes: weight });
      bytes += weight;
      while (entries.size > maxEntries || bytes > maxBytes)
        remove(entries.keys().next().value as string);
    },
    delete: remove,
    clear() {
      entries.clear();
      bytes = 0;
    },
    keys: () => entries.keys(),
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
