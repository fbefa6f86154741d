import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { analyticsPlan, type PageViewEvent, trackPageView } from "./analytics";

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

describe("public/analytics.js (the bootstraps, from a file: no inline script)", () => {
  const source = readFileSync(new URL("../../public/analytics.js", import.meta.url), "utf8");

  /** Runs the file as a browser would, with these data attributes on its script element. */
  function run(dataset: Record<string, string>) {
    const loaded: string[] = [];
    const window: Record<string, unknown> = {};
    const document = {
      currentScript: { dataset },
      createElement: () => ({}) as { src?: string },
      head: { appendChild: (s: { src: string }) => loaded.push(s.src) },
    };
    runInNewContext(source, { window, document, Date, encodeURIComponent });
    return { window, loaded };
  }

  it("does nothing without ids", () => {
    expect(run({})).toEqual({ window: {}, loaded: [] });
  });

  it("starts the tag manager with its id", () => {
    const { window, loaded } = run({ gtm: "GTM-AB12" });
    expect(loaded).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-AB12"]);
    expect(window.dataLayer).toEqual([{ "gtm.start": expect.any(Number), event: "gtm.js" }]);
  });

  it("configures GA4 without automatic page views", () => {
    const { window, loaded } = run({ ga4: "G-1" });
    expect(loaded).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-1"]);
    const layer = (window.dataLayer as ArrayLike<unknown>[]).map((a) => Array.from(a));
    expect(layer).toEqual([
      ["js", expect.any(Date)],
      ["config", "G-1", { send_page_view: false }],
    ]);
    expect(typeof window.gtag).toBe("function");
  });

  it("queues the pixel's calls until its library arrives", () => {
    const { window, loaded } = run({ pixel: "42" });
    expect(loaded).toEqual(["https://connect.facebook.net/en_US/fbevents.js"]);
    const fbq = window.fbq as ((...a: unknown[]) => void) & { queue: unknown[][] };
    fbq("track", "PageView");
    expect(fbq.queue).toEqual([
      ["init", "42"],
      ["track", "PageView"],
    ]);
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
