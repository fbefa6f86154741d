/**
 * After a deploy, an open tab may ask for route chunks that no longer exist. A reload fetches the
 * new build; the timestamp guard stops a reload loop when the failure is something else.
 */

export const chunkReloadKey = "maidan:chunk-reload-at";
export const chunkReloadWindowMs = 60_000;

type Store = Pick<Storage, "getItem" | "setItem">;

/** True (and the time recorded) when no reload happened within the window. */
export function claimChunkReload(store: Store, now = Date.now()): boolean {
  try {
    // Nothing stored reads as 0 (and junk as NaN): neither is within the window.
    const last = Number(store.getItem(chunkReloadKey));
    if (last > 0 && now - last < chunkReloadWindowMs) return false;
    store.setItem(chunkReloadKey, String(now));
    return true;
  } catch {
    // Storage can be blocked (privacy modes); then we never reload, which is the safe side.
    return false;
  }
}

/**
 * Chromium's ("Failed to fetch dynamically imported module"), Firefox's ("error loading
 * dynamically imported module") and Safari's failed dynamic import, and Vite's failed CSS preload.
 */
const chunkError =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return chunkError.test(message);
}

/**
 * Reloads the page if allowed; returns whether it did. Browser only. Never offline: there the
 * chunk failed for the network, not for a deploy, and a reload would swap the shopper's page for
 * the browser's offline page; the importer tries again once back online (link-prefetch.tsx).
 */
export function reloadAfterChunkError(win: Window = window): boolean {
  if (!win.navigator.onLine || !claimChunkReload(win.sessionStorage)) return false;
  win.location.reload();
  return true;
}

const online = () =>
  navigator.onLine || new Promise((resolve) => addEventListener("online", resolve, { once: true }));

/**
 * A page view's chunk for the browser: not asked for while offline, and asked once more when it
 * failed because the network went away. A phone that drops its connection while the page
 * hydrates keeps the server's page until it is back, instead of an error page; a second failure
 * reaches the error page, which reloads once online (`reloadAfterChunkError`). Kept small: it
 * is in every page's first-load JavaScript.
 */
export const importWhenOnline =
  <T>(load: () => Promise<T>) =>
  async () => {
    await online();
    return load().catch(async (err) => {
      if (navigator.onLine) throw err;
      await online();
      return load();
    });
  };
