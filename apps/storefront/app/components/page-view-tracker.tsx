import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { type AnalyticsPlan, pageViewDelayMs, trackPageView } from "../lib/analytics";

/**
 * After each route change (and the first load), waits 250 ms for the new title, then sends a
 * page view. A quicker second navigation cancels the first, so only pages actually seen count.
 */
export function PageViewTracker({ plan }: { plan: AnalyticsPlan }) {
  const location = useLocation();
  const matches = useMatches();
  const routeName = matches.at(-1)?.id ?? "";
  const pagePath = `${location.pathname}${location.search}`;
  const { trackEvents, gtmId, ga4Id, pixelId } = plan;

  useEffect(() => {
    if (!trackEvents) return;
    const timer = window.setTimeout(() => {
      trackPageView(
        window,
        { trackEvents, gtmId, ga4Id, pixelId },
        {
          event: "page_view",
          route_name: routeName,
          page_path: pagePath,
          page_title: document.title,
        },
      );
    }, pageViewDelayMs);
    return () => window.clearTimeout(timer);
  }, [trackEvents, gtmId, ga4Id, pixelId, routeName, pagePath]);

  return null;
}
