/**
 * A CMS or help-center body. The loader passed it through `safeHtml` (lib/safe-html.server.ts)
 * on the server, so only simple formatting reaches this element.
 */
export function HtmlBody({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by safeHtml in the loader
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
