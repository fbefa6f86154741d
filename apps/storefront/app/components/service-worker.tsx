import { useEffect } from "react";

/**
 * Registers the service worker (public/sw.js, scope /). One of the idle parts (idle-parts.tsx):
 * the page is idle by then, and its code stays out of first-load JavaScript.
 */
export function ServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
    navigator.serviceWorker
      .register("/sw.js", { scope: "/", type: "module", updateViaCache: "none" })
      // Without it the shop works, only not offline: nothing to tell the shopper.
      .catch(() => {});
  }, []);
  return null;
}
