import { type ComponentType, useEffect, useState } from "react";
import { whenIdle } from "../lib/when-idle";

/** Spec §9: link prefetching waits for the page to go idle, at most 2000 ms. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/**
 * Link prefetching, on by default (spec §4). Its code (link-prefetcher.tsx) is fetched once the
 * page is idle, which is when prefetching may start anyway, so it stays out of first-load
 * JavaScript; the wishlist hearts' code comes in the same chunk (idle-parts.tsx). Offline, the fetch fails and is tried again when the browser is back online.
 * Rendered once, by the root layout, which stays for the page's life.
 */
export function LinkPrefetch() {
  const [Parts, setParts] = useState<ComponentType | null>(null);
  useEffect(() => {
    const load = () =>
      import("./idle-parts").then(
        (m) => setParts(() => m.IdleParts),
        () => addEventListener("online", load, { once: true }),
      );
    whenIdle(load, PREFETCH_IDLE_TIMEOUT_MS);
  }, []);
  return Parts && <Parts />;
}
