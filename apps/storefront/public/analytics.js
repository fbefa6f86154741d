/*
 * The tag manager, GA4 and ad pixel bootstraps (spec §1, §2, §9). They run from this file, not
 * inline, so the content security policy needs no inline script of the app's own (decision
 * 026). The ids come from this script element's data attributes, which the server writes only
 * in the vendors' own id formats (app/lib/analytics.ts). Loaded with `defer`: it runs after the
 * page is parsed and before the app hydrates, so the page-view tracker finds what it sets up.
 */
((w, d, ids) => {
  const load = (src) => {
    const s = d.createElement("script");
    s.async = true;
    s.src = src;
    d.head.appendChild(s);
  };
  if (ids.gtm) {
    w.dataLayer = w.dataLayer || [];
    w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    load(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(ids.gtm)}`);
  }
  if (ids.ga4) {
    w.dataLayer = w.dataLayer || [];
    w.gtag = function gtag() {
      // gtag.js reads the arguments object itself, not an array.
      // biome-ignore lint/complexity/noArguments: the vendor's contract
      w.dataLayer.push(arguments);
    };
    w.gtag("js", new Date());
    // Automatic page views are off: the tracker sends them itself, and only when events are on.
    w.gtag("config", ids.ga4, { send_page_view: false });
    load(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.ga4)}`);
  }
  if (ids.pixel && !w.fbq) {
    const q = (...args) => {
      if (q.callMethod) q.callMethod.apply(q, args);
      else q.queue.push(args);
    };
    q.push = q;
    q.loaded = true;
    q.version = "2.0";
    q.queue = [];
    w.fbq = q;
    w._fbq = w._fbq || q;
    load("https://connect.facebook.net/en_US/fbevents.js");
    q("init", ids.pixel);
  }
})(window, document, document.currentScript?.dataset ?? {});
