import { createHash } from "node:crypto";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * For a page kept in the page cache and sent to every first visitor (decision 026): the CSP
 * hashes of the inline scripts the render marked with its own nonce, and the page without
 * those nonce attributes. A script without the render's nonce (one smuggled in through
 * content) gets no hash, so it stays blocked as it would have been under the nonce.
 * React escapes `>` and quotes inside attribute values, and a script's text cannot contain
 * `</script`, so this pattern finds exactly the scripts a browser parses from React's output.
 */
export function hashInlineScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  const mark = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  const out = html.replace(SCRIPT, (whole, attrs: string, text: string) => {
    if (!attrs.includes(mark)) return whole;
    // A script with src runs by its address ('self' or a listed host), not by its text.
    if (!/\ssrc=/.test(attrs)) hashes.add(scriptHash(text));
    return `<script${attrs.replace(mark, "")}>${text}</script>`;
  });
  // React Router also marks links (stylesheets, module preloads) with it: useless to a page
  // everyone shares, so it goes too.
  return { html: out.replaceAll(mark, ""), hashes: [...hashes] };
}

/** A CSP source hash of a script's text as the browser sees it (the HTML parser makes CR LF a LF). */
export const scriptHash = (text: string) =>
  `sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64")}`;
