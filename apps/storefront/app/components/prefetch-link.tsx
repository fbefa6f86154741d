import { type ComponentProps, useEffect, useState } from "react";
import { Link } from "react-router";
import { shouldPrefetch } from "../lib/connectivity";

/** Spec §9: link prefetching waits for the page to go idle, at most 2000 ms. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

let allowed = false;
const listeners = new Set<() => void>();
let scheduled = false;

function schedule() {
  if (scheduled) return;
  scheduled = true;
  const decide = () => {
    const nav = navigator as Navigator & {
      connection?: { saveData?: boolean; effectiveType?: string };
    };
    allowed = shouldPrefetch(nav);
    for (const l of listeners) l();
  };
  if ("requestIdleCallback" in window)
    requestIdleCallback(decide, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  else setTimeout(decide, PREFETCH_IDLE_TIMEOUT_MS);
  // Connectivity changes flip the decision (offline, data saver switched on).
  window.addEventListener("online", decide);
  window.addEventListener("offline", decide);
}

/**
 * A React Router link that prefetches the next page's code and data when the shopper shows
 * intent (hover, focus, touch start), once the page is idle and the connection allows it.
 */
export function PrefetchLink(props: ComponentProps<typeof Link>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const update = () => setOn(allowed);
    listeners.add(update);
    schedule();
    update();
    return () => {
      listeners.delete(update);
    };
  }, []);
  return <Link prefetch={on ? "intent" : "none"} {...props} />;
}
