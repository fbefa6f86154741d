import { Redis } from "ioredis";

/**
 * Shared counters and short-lived values (rate limits, OTP throttles, cache). In-process by
 * default; Redis when REDIS_URL is set, so several processes share them.
 */
export type Kv = {
  kind: "memory" | "redis";
  /** Increments `key`, setting its expiry on first use; returns the new count. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /**
   * Adds `by` (negative to give back) and restarts the key's expiry at `ttlSeconds`; returns the
   * new count. With `max`, a positive `by` is added only if the count stays within it, in one
   * atomic step; null (nothing changed) otherwise. For counts of things held that give back what
   * they took: such a key lapses only after nothing touched it for that long.
   */
  add(key: string, by: number, ttlSeconds: number, max?: number): Promise<number | null>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(key: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export function memoryKv(now: () => number = Date.now): Kv {
  const store = new Map<string, { v: string; exp: number }>();
  const live = (key: string) => {
    const e = store.get(key);
    if (e && e.exp <= now()) {
      store.delete(key);
      return undefined;
    }
    return e;
  };
  const sweep = setInterval(() => {
    for (const k of store.keys()) live(k);
  }, 60_000);
  sweep.unref();
  return {
    kind: "memory",
    async incr(key, ttl) {
      const e = live(key);
      const n = e ? Number(e.v) + 1 : 1;
      store.set(key, { v: String(n), exp: e ? e.exp : now() + ttl * 1000 });
      return n;
    },
    async add(key, by, ttl, max) {
      const n = Number(live(key)?.v ?? 0) + by;
      if (max !== undefined && by > 0 && n > max) return null;
      store.set(key, { v: String(n), exp: now() + ttl * 1000 });
      return n;
    },
    async get(key) {
      return live(key)?.v ?? null;
    },
    async set(key, v, ttl) {
      store.set(key, { v, exp: now() + ttl * 1000 });
    },
    async del(key) {
      store.delete(key);
    },
    async ping() {},
    async close() {
      clearInterval(sweep);
      store.clear();
    },
  };
}

/** Connects to Redis and fails within `timeoutMs` with a clear error instead of hanging. */
export async function redisKv(url: string, prefix = "maidan:", timeoutMs = 3000): Promise<Kv> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  redis.on("error", () => {});
  try {
    await withTimeout(redis.connect(), timeoutMs);
    await withTimeout(redis.ping(), timeoutMs);
  } catch (e) {
    redis.disconnect();
    throw new Error(
      `redis: cannot reach ${url.replace(/\/\/[^@]*@/, "//***@")}: ${(e as Error).message}`,
    );
  }
  const k = (key: string) => prefix + key;
  return {
    kind: "redis",
    async incr(key, ttl) {
      const [[, n]] = (await redis.multi().incr(k(key)).expire(k(key), ttl, "NX").exec()) as [
        [null, number],
      ];
      return n;
    },
    async add(key, by, ttl, max) {
      return (await redis.eval(ADD_WITHIN, 1, k(key), by, ttl, max ?? -1)) as number | null;
    },
    get: (key) => redis.get(k(key)),
    async set(key, v, ttl) {
      await redis.set(k(key), v, "EX", ttl);
    },
    async del(key) {
      await redis.del(k(key));
    },
    async ping() {
      await withTimeout(redis.ping(), timeoutMs);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** kv.add in one step on the server: KEYS[1], ARGV by, ttl, max (-1: none); nil when over. */
const ADD_WITHIN = `
local by = tonumber(ARGV[1])
local max = tonumber(ARGV[3])
if max >= 0 and by > 0 and tonumber(redis.call('GET', KEYS[1]) or '0') + by > max then
  return false
end
local n = redis.call('INCRBY', KEYS[1], by)
redis.call('EXPIRE', KEYS[1], ARGV[2])
return n`;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<never>((_, rej) => {
      timer = setTimeout(() => rej(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
