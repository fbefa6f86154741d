import { vi } from "vitest";
import { connectLog } from "../lib/log.server";

/** Connects a logger of spies, as the server connects its own; `restore` drops lines again. */
export function captureLog() {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
  connectLog(() => log);
  return {
    ...log,
    restore: () => connectLog(() => ({ error() {}, warn() {}, info() {}, debug() {} })),
  };
}
