import type Sharp from "sharp";

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded at the first picture a process encodes rather than at start (issue #19): libvips
 * and its bindings hold ~13 MB resident in a process that never resizes anything (an API-only
 * instance, a worker), and the server's peak memory is measured against 300 MB.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import("sharp").then((m) => m.default);
  return loaded;
}
