import { describe, expect, it, vi } from "vitest";
import {
  analyticsPlan,
  ga4Snippet,
  gtmSnippet,
  type PageViewEvent,
  pixelSnippet,
  trackPageView,
} from "./analytics";

const view: PageViewEvent = {
  event: "page_view",
  route_name: "home",
  page_path: "/?utm=1",
  page_title: "Maidan",
};

describe("analyticsPlan", () => {
  it("loads nothing and tracks nothing without settings", () => {
    expect(analyticsPlan(undefined)).toEqual({
      gtmId: null,
      ga4Id: null,
      pixelId: null,
      trackEvents: false,
    });
  });

  it("keeps only configured, well-formed ids", () => {
    expect(
      analyticsPlan({
        google_status: "enabled",
        gtm_id: "GTM-AB12CD",
        ga4_id: " G-XYZ123 ",
        pixel_id: "1234567890",
      }),
    ).toEqual({ gtmId: "GTM-AB12CD", ga4Id: "G-XYZ123", pixelId: "1234567890", trackEvents: true });
  });

  it("refuses ids that could break out of an inline script", () => {
    const plan = analyticsPlan({
      google_status: "disabled",
      gtm_id: 'GTM-1");alert(1);//',
      ga4_id: "</script><script>",
      pixel_id: "12ab",
    });
    expect(plan).toEqual({ gtmId: null, ga4Id: null, pixelId: null, trackEvents: false });
  });

  it("treats empty ids as absent", () => {
    expect(analyticsPlan({ google_status: "enabled", gtm_id: "" }).gtmId).toBeNull();
  });
});

describe("snippets", () => {
  it("embed the id as a JSON string", () => {
    expect(gtmSnippet("GTM-AB12")).toContain('(window,document,"GTM-AB12")');
    expect(ga4Snippet("G-1")).toContain('"config","G-1",{send_page_view:false}');
    expect(pixelSnippet("42")).toContain('(window,document,"42")');
  });
});

describe("trackPageView", () => {
  it("pushes nothing unless google_status is enabled", () => {
    const win: { dataLayer?: unknown[] } = {};
    expect(trackPageView(win, analyticsPlan({ google_status: "disabled" }), view)).toBe(false);
    expect(win.dataLayer).toBeUndefined();
  });

  it("pushes the page view to the data layer when enabled", () => {
    const win: { dataLayer?: unknown[] } = {};
    expect(trackPageView(win, analyticsPlan({ google_status: "enabled" }), view)).toBe(true);
    expect(win.dataLayer).toEqual([view]);
  });

  it("also tells GA4 and the pixel when they are configured", () => {
    const gtag = vi.fn();
    const fbq = vi.fn();
    const plan = analyticsPlan({ google_status: "enabled", ga4_id: "G-1", pixel_id: "42" });
    trackPageView({ gtag, fbq }, plan, view);
    expect(gtag).toHaveBeenCalledWith("event", "page_view", {
      page_path: "/?utm=1",
      page_title: "Maidan",
    });
    expect(fbq).toHaveBeenCalledWith("track", "PageView");
  });
});
