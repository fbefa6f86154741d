import { AppError } from "../../lib/errors.ts";
import type { Kv } from "../../lib/kv.ts";

export const tooMany = (message: string) => new AppError(429, message, "RATE_LIMITED");

/**
 * Counts one hit against `key` in a fixed window and refuses past `max`. The counters live in
 * the Kv, so with REDIS_URL every process shares them.
 */
export async function limit(
  kv: Kv,
  key: string,
  max: number,
  windowSeconds: number,
  message: string,
) {
  const n = await kv.incr(`rl:${key}`, windowSeconds);
  if (n > max) throw tooMany(message);
}

/** Whether `key` is already past `max` in its window, without counting a hit. */
export async function isOver(kv: Kv, key: string, max: number) {
  const n = Number((await kv.get(`rl:${key}`)) ?? 0);
  return n >= max;
}

export const resetLimit = (kv: Kv, key: string) => kv.del(`rl:${key}`);
