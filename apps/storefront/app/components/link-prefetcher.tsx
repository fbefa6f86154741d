import { useEffect, useState } from "react";
import { PrefetchPageLinks, useLocation } from "react-router";
import { prefetchPage, shouldPrefetch } from "../lib/prefetch-policy";

/** As React Router's own intent prefetch: a pointer only passing over a link is not intent. */
const INTENT_DELAY_MS = 100;
/** Prefetched pages whose links stay in the head (older ones have been fetched already). */
const KEPT = 4;

type Connection = EventTarget & { saveData?: boolean; effectiveType?: string };

const anchorOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLAnchorElement>("a[href]") : null;

/**
 * Prefetching for every in-site link (see link-prefetch.tsx, which loads this once the page is
 * idle): one listener on the document instead of a prop on each link. When a shopper shows
 * intent (pointer over, focus, touch start) on a link worth it (lib/prefetch-policy.ts), the
 * next page's code and data are fetched with React Router's PrefetchPageLinks. Decided on
 * mount, and again whenever the browser goes on- or offline or the connection changes
 * (slow-2g, data saver).
 */
export function LinkPrefetcher() {
  const [allowed, setAllowed] = useState(false);
  const [pages, setPages] = useState<string[]>([]);
  const { pathname, search } = useLocation();

  // Links are worked out against the current page: kept ones would be fetched again elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setPages([]), [pathname, search]);

  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: Connection }).connection;
    const decide = () =>
      setAllowed(shouldPrefetch(navigator as Parameters<typeof shouldPrefetch>[0]));
    decide();
    window.addEventListener("online", decide);
    window.addEventListener("offline", decide);
    connection?.addEventListener?.("change", decide);
    return () => {
      window.removeEventListener("online", decide);
      window.removeEventListener("offline", decide);
      connection?.removeEventListener?.("change", decide);
    };
  }, []);

  useEffect(() => {
    if (!allowed) {
      setPages([]);
      return;
    }
    let pending: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const intent = (event: Event) => {
      const a = anchorOf(event.target);
      if (!a || (a.target && a.target !== "_self") || a.hasAttribute("download")) return;
      const page = prefetchPage(a.href, window.location);
      if (!page || page === pending) return;
      clearTimeout(timer);
      pending = page;
      timer = setTimeout(() => {
        setPages((kept) => (kept.includes(page) ? kept : [...kept.slice(1 - KEPT), page]));
      }, INTENT_DELAY_MS);
    };
    const leave = (event: Event) => {
      const a = anchorOf(event.target);
      const to = (event as MouseEvent | FocusEvent).relatedTarget;
      if (!a || (to instanceof Node && a.contains(to))) return;
      clearTimeout(timer);
      pending = null;
    };
    const options = { capture: true, passive: true };
    document.addEventListener("mouseover", intent, options);
    document.addEventListener("focusin", intent, options);
    document.addEventListener("touchstart", intent, options);
    document.addEventListener("mouseout", leave, options);
    document.addEventListener("focusout", leave, options);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("mouseover", intent, options);
      document.removeEventListener("focusin", intent, options);
      document.removeEventListener("touchstart", intent, options);
      document.removeEventListener("mouseout", leave, options);
      document.removeEventListener("focusout", leave, options);
    };
  }, [allowed]);

  return pages.map((page) => <PrefetchPageLinks key={page} page={page} />);
}
