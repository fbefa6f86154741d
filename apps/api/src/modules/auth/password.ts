import { hash, verify } from "@node-rs/argon2";

/** argon2id at OWASP's minimum: 19 MiB, 2 iterations, parallelism 1. */
// 2 is Algorithm.Argon2id (a const enum, which type stripping cannot inline).
const PARAMS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (plain: string) => hash(plain, PARAMS);

export const verifyPassword = (stored: string, plain: string) =>
  verify(stored, plain).catch(() => false);
