import { type AnalyticsPlan, ga4Snippet, ga4Src, gtmSnippet, pixelSnippet } from "../lib/analytics";

/* The snippets are inline by nature; `analyticsPlan` only lets the vendors' id formats through. */

export function AnalyticsScripts({ plan }: { plan: AnalyticsPlan }) {
  return (
    <>
      {plan.gtmId && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed snippet, validated id
        <script dangerouslySetInnerHTML={{ __html: gtmSnippet(plan.gtmId) }} />
      )}
      {plan.ga4Id && (
        <>
          <script async src={ga4Src(plan.ga4Id)} />
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: fixed snippet, validated id */}
          <script dangerouslySetInnerHTML={{ __html: ga4Snippet(plan.ga4Id) }} />
        </>
      )}
      {plan.pixelId && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed snippet, validated id
        <script dangerouslySetInnerHTML={{ __html: pixelSnippet(plan.pixelId) }} />
      )}
    </>
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
