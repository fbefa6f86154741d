import type { Page } from "@maidan/contracts/site";
import { safeHtml } from "./safe-html.server";

/**
 * /template (spec §2): the page template for whoever writes the shop's CMS pages. A sample dynamic
 * page with every element a page body may use, passed through the same sanitiser as a real page,
 * so what shows here is exactly what a page can show (a script or an inline handler never does).
 * Its route (routes.ts) uses the slug route's module, so it shows with the very component of a
 * dynamic page (a module of its own would share that component with the slug route, which then
 * loads it as a chunk of its own: more bytes on every product page).
 */
const SAMPLE_BODY = `
<h2>A section heading</h2>
<p>Body text with <strong>bold</strong>, <em>italic</em> and <a href="/sale">a link to the sale</a>.
Prices are written in rupees, like Rs. 2,499.</p>
<h3>A smaller heading</h3>
<ul><li>A point in a list</li><li>Another point</li></ul>
<ol><li>First step</li><li>Second step</li></ol>
<blockquote>A quotation, for a customer's words.</blockquote>
<table><thead><tr><th>Size</th><th>Chest (in)</th></tr></thead>
<tbody><tr><td>M</td><td>38–40</td></tr><tr><td>L</td><td>41–43</td></tr></tbody></table>
<p><img src="/images/placeholder.svg" alt="A picture in a page" width="320" height="320"></p>
<script>alert("never runs")</script>
<p onclick="alert('never runs')">A paragraph whose inline handler the sanitiser removed.</p>
`;

/** The sample page (the slug route sends it with `X-Robots-Tag: noindex`). */
export function templatePage() {
  const page: Page = {
    _id: "template",
    slug: "template",
    page_type: "dynamic",
    title: "Page template",
    description: "How a page written in the back-office looks to shoppers.",
    body: safeHtml(SAMPLE_BODY),
  };
  return { kind: "page" as const, page };
}
