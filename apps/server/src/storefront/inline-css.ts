import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// React Router puts the render's CSP nonce on links too (a stylesheet needs none: style-src).
const STYLESHEET =
  /<link(?: nonce="[^"]*")? rel="stylesheet" href="(\/assets\/[A-Za-z0-9._-]+\.css)(#[^"]*)?"\/>/g;

/**
 * For pages kept in the page cache (first visits, who have no stylesheet cached yet): each of
 * the build's stylesheet links gets its rules inline just before it, and the link itself stops
 * blocking the first paint (media="print": its rules are already in force through the inline
 * copy, which stays). The link stays in place, so React Router's head hydrates as rendered and
 * client navigations keep managing it; the browser still fetches it, at low priority, for the
 * pages that follow. No `onload` switches it to "all": an inline handler is inline script,
 * which the content security policy refuses (decision 026).
 * Pages whose stylesheets add up to more than `maxBytes` are left as they are.
 */
export function stylesheetInliner(clientDir: string, maxBytes = 64_000) {
  const files = new Map<string, string | null>();
  const read = (href: string) => {
    if (!files.has(href)) {
      try {
        files.set(href, readFileSync(join(clientDir, href), "utf8"));
      } catch {
        files.set(href, null); // a stale page naming a file from another build: leave the link
      }
    }
    return files.get(href) ?? null;
  };
  return (html: string): string => {
    let total = 0;
    for (const m of html.matchAll(STYLESHEET)) total += read(m[1] as string)?.length ?? 0;
    if (total === 0 || total > maxBytes) return html;
    return html.replace(STYLESHEET, (link, href: string, hash = "") => {
      const css = read(href);
      if (css === null || css.includes("</style")) return link;
      return `<style>${css}</style><link rel="stylesheet" href="${href}${hash}" media="print"/>`;
    });
  };
}

/**
 * The same for a streamed page: holds the bytes back only until `</head>` has passed (the links
 * are all in the head), rewrites the head, then lets the rest stream as it comes.
 */
export function inlineHeadStream(inline: (html: string) => string): Transform {
  let head: string | null = "";
  const decoder = new StringDecoder("utf8"); // a chunk may end inside a multi-byte character
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (head === null) return done(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf("</head>");
      if (end === -1) return done();
      const out = inline(head.slice(0, end)) + head.slice(end);
      head = null;
      done(null, out);
    },
    flush(done) {
      if (head !== null) head += decoder.end();
      done(null, head ? inline(head) : undefined);
    },
  });
}
