import type { Log } from "@maidan/contracts/log";

const silent: Log = { error() {}, warn() {}, info() {}, debug() {} };
let current: () => Log = () => silent;

/**
 * Called by the server with its logger (entry.server.tsx passes it on), so that the lines of
 * loaders and actions carry the id of the request they serve. Until then (unit tests) lines
 * are dropped.
 */
export function connectLog(log: () => Log) {
  current = log;
}

/** The logger of the request being served. */
export const log = (): Log => current();
