import type { AnalyticsPlan } from "../lib/analytics";

/**
 * The analytics bootstraps, only for configured ids: /analytics.js (public/analytics.js) reads
 * the ids from its data attributes. A file rather than inline snippets, so the content security
 * policy allows no inline script the app writes itself (decision 026).
 */
export function AnalyticsScripts({ plan }: { plan: AnalyticsPlan }) {
  if (!plan.gtmId && !plan.ga4Id && !plan.pixelId) return null;
  return (
    <script
      defer
      src="/analytics.js"
      data-gtm={plan.gtmId ?? undefined}
      data-ga4={plan.ga4Id ?? undefined}
      data-pixel={plan.pixelId ?? undefined}
    />
  );
}

/** Tag Manager's no-JavaScript fallback, at the top of the body. */
export function AnalyticsNoscript({ plan }: { plan: AnalyticsPlan }) {
  if (!plan.gtmId) return null;
  return (
    <noscript>
      <iframe
        title="Google Tag Manager"
        src={`https://www.googletagmanager.com/ns.html?id=${plan.gtmId}`}
        height="0"
        width="0"
        style={{ display: "none", visibility: "hidden" }}
      />
    </noscript>
  );
}
