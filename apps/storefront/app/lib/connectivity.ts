import { useSyncExternalStore } from "react";

const subscribe = (onChange: () => void) => {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
};

/** Spec §4: the online/offline flag follows the browser's connectivity (online on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

type Connection = { saveData?: boolean; effectiveType?: string };

/**
 * Spec §4: prefetch links unless the connection is slow-2g, data saving is on, or the browser
 * is offline. Browsers without the Network Information API prefetch.
 */
export function shouldPrefetch(nav: { onLine: boolean; connection?: Connection }): boolean {
  if (!nav.onLine) return false;
  const c = nav.connection;
  return !(c?.saveData || c?.effectiveType === "slow-2g");
}
