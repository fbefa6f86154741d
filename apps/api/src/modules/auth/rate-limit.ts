import { AppError } from "@maidan/contracts/errors";
import type { Kv } from "../../lib/kv.ts";

export const tooMany = (message: string) => new AppError("RATE_LIMITED", message);

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

/**
 * Takes one of `max` places in `key`'s window before the work it guards, or says there is none
 * left. The count is one atomic increment in the Kv (INCR in Redis), so concurrent requests, in
 * one process or many, can never take more than `max` places between them.
 */
export async function reserve(kv: Kv, key: string, max: number, windowSeconds: number) {
  return (await kv.incr(`rl:${key}`, windowSeconds)) <= max;
}

/** Whether `key` is already past `max` in its window, without counting a hit. */
export async function isOver(kv: Kv, key: string, max: number) {
  const n = Number((await kv.get(`rl:${key}`)) ?? 0);
  return n >= max;
}

export const resetLimit = (kv: Kv, key: string) => kv.del(`rl:${key}`);
