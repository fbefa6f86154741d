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

// Ids end up inside inline scripts, so anything but the vendors' own id shapes is refused.
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

export function gtmSnippet(id: string): string {
  return `(function(w,d,id){w.dataLayer=w.dataLayer||[];w.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});var s=d.createElement("script");s.async=true;s.src="https://www.googletagmanager.com/gtm.js?id="+id;d.head.appendChild(s);})(window,document,${JSON.stringify(id)});`;
}

export function ga4Src(id: string): string {
  return `https://www.googletagmanager.com/gtag/js?id=${id}`;
}

// Automatic page views are off: the tracker sends them itself, and only when events are enabled.
export function ga4Snippet(id: string): string {
  return `window.dataLayer=window.dataLayer||[];window.gtag=function(){window.dataLayer.push(arguments);};window.gtag("js",new Date());window.gtag("config",${JSON.stringify(id)},{send_page_view:false});`;
}

export function pixelSnippet(id: string): string {
  return `(function(w,d,id){if(w.fbq)return;var q=function(){q.callMethod?q.callMethod.apply(q,arguments):q.queue.push(arguments);};q.push=q;q.loaded=true;q.version="2.0";q.queue=[];w.fbq=q;w._fbq=w._fbq||q;var s=d.createElement("script");s.async=true;s.src="https://connect.facebook.net/en_US/fbevents.js";d.head.appendChild(s);q("init",id);})(window,document,${JSON.stringify(id)});`;
}

export type PageViewEvent = {
  event: "page_view";
  route_name: string;
  page_path: string;
  page_title: string;
};

type TrackingWindow = {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: (...args: unknown[]) => void;
};

declare global {
  // What the snippets above put on `window`.
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
