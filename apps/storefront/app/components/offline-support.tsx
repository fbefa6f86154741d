import { useOnline } from "../lib/connectivity";

/**
 * Shows a banner while the browser is offline. The service worker that keeps visited pages is
 * registered once the page is idle (service-worker.tsx, one of the idle parts).
 */
export function OfflineSupport() {
  if (useOnline()) return null;
  return (
    <p className="offline-banner" role="status">
      You are offline. Pages you have visited still open.
    </p>
  );
}
