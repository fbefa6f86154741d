/**
 * After a deploy, an open tab may ask for route chunks that no longer exist. A reload fetches the
 * new build; the timestamp guard stops a reload loop when the failure is something else.
 */

export const chunkReloadKey = "maidan:chunk-reload-at";
export const chunkReloadWindowMs = 60_000;

type Store = Pick<Storage, "getItem" | "setItem">;

/** True (and the time recorded) when no reload happened within the window. */
export function claimChunkReload(store: Store, now = Date.now()): boolean {
  let last = Number.NaN;
  try {
    last = Number(store.getItem(chunkReloadKey));
  } catch {
    // Storage can be blocked (privacy modes); then we never reload, which is the safe side.
    return false;
  }
  if (Number.isFinite(last) && last > 0 && now - last < chunkReloadWindowMs) return false;
  try {
    store.setItem(chunkReloadKey, String(now));
  } catch {
    return false;
  }
  return true;
}

/** Chromium's, Firefox's and Safari's failed dynamic import, and Vite's failed CSS preload. */
const chunkError =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return chunkError.test(message);
}

/** Reloads the page if allowed; returns whether it did. Browser only. */
export function reloadAfterChunkError(win: Window = window): boolean {
  if (!claimChunkReload(win.sessionStorage)) return false;
  win.location.reload();
  return true;
}
