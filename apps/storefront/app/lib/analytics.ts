import type { PublicSettings } from "@maidan/contracts/site";

/**
 * Tag manager, GA4 and ad pixel (spec §1, §2, §9). Scripts exist only for configured ids; page
 * views are pushed only while `google_status` is 'enabled'.
 */

type AnalyticsSettings = PublicSettings["analytics"];

export type AnalyticsPlan = {
  gtmId: string | null;
  ga4Id: string | null;
  pixelId: string | null;
  trackEvents: boolean;
};

// Ids end up in attributes and script URLs, so anything but the vendors' own id shapes is refused.
const idPatterns = {
  gtm: /^GTM-[A-Z0-9]{1,16}$/,
  ga4: /^G-[A-Z0-9]{1,20}$/,
  pixel: /^\d{1,20}$/,
};

function validId(value: string | undefined, pattern: RegExp): string | null {
  const id = value?.trim();
  return id && pattern.test(id) ? id : null;
}

export function analyticsPlan(settings: AnalyticsSettings | null | undefined): AnalyticsPlan {
  return {
    gtmId: validId(settings?.gtm_id, idPatterns.gtm),
    ga4Id: validId(settings?.ga4_id, idPatterns.ga4),
    pixelId: validId(settings?.pixel_id, idPatterns.pixel),
    trackEvents: settings?.google_status === "enabled",
  };
}

export type PageViewEvent = {
  event: "page_view";
  route_name: string;
  page_path: string;
  page_title: string;
};

/** What public/analytics.js puts on `window`. */
type TrackingWindow = {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: (...args: unknown[]) => void;
};

declare global {
  interface Window extends TrackingWindow {}
}

/** Sends one page view; returns whether anything was sent. */
export function trackPageView(win: TrackingWindow, plan: AnalyticsPlan, view: PageViewEvent) {
  if (!plan.trackEvents) return false;
  win.dataLayer ??= [];
  win.dataLayer.push(view);
  if (plan.ga4Id && win.gtag) {
    win.gtag("event", "page_view", { page_path: view.page_path, page_title: view.page_title });
  }
  if (plan.pixelId && win.fbq) win.fbq("track", "PageView");
  return true;
}

/** Spec §2: the page view waits 250 ms so the new page's title is in place. */
export const pageViewDelayMs = 250;
