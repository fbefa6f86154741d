import { useEffect } from "react";
import { useOnline } from "../lib/connectivity";
import { whenIdle } from "../lib/when-idle";

/**
 * Registers the service worker (public/sw.js, scope /) once the page is idle, and shows a
 * banner while the browser is offline.
 */
export function OfflineSupport() {
  const online = useOnline();
  useEffect(() => {
    if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
    const register = () =>
      navigator.serviceWorker
        .register("/sw.js", { scope: "/", type: "module", updateViaCache: "none" })
        // Without it the shop works, only not offline: nothing to tell the shopper.
        .catch(() => {});
    whenIdle(register, 3000);
  }, []);
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      You are offline. Pages you have visited still open.
    </p>
  );
}
