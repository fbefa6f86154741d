import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Shown on every page while some payment gateway is a sandbox (PAYMENTS_SANDBOX=true in
 * production, or any development start): "Pay (success)" there moves no money, and shoppers and
 * staff must be able to tell (decision 024).
 *
 * It is written into the server's HTML right after `<body>`, outside React's tree, so it costs
 * the browser no JavaScript (the product page's first load is held to 120 KB). React 19 skips
 * an element it does not expect among body's children when it hydrates, and leaves it there;
 * the tag is one no layout renders at that place, so it is never taken for one of React's. Its
 * look travels with it: the app's stylesheet, and so the bundle's hashed file names, stay as
 * they are whether or not a shop is in test mode. In the page's flow, on top, readable on a
 * 360 px phone; dark text on yellow (contrast over 14:1).
 */
export const TEST_MODE_RIBBON =
  '<aside class="test-mode" role="note" style="display:block;margin:0;padding:4px 16px;background:#ffd60a;color:#1a1a1a;font-size:.8125rem;line-height:1.35;text-align:center"><strong>Test mode</strong> · payments go to sandbox gateways; no real money moves.</aside>';

/**
 * The ribbon of a shop whose SMS and e-mail go to a readable outbox (the demo, development;
 * decision 042): it also says where to read them, so "We sent a 6-digit code" leads somewhere.
 */
export const testModeRibbon = (opts: { outbox: boolean }) =>
  opts.outbox
    ? // Two lines on a 360 px phone, like the plain ribbon: a third pushed the product page's
      // sizes under its sticky Add to cart row.
      TEST_MODE_RIBBON.replace(
        "payments go to sandbox gateways; no real money moves.</aside>",
        'sandbox payments, no real money moves. SMS and e-mail go to the <a href="/dev/outbox" style="color:inherit;font-weight:700">outbox</a>.</aside>',
      )
    : TEST_MODE_RIBBON;

/** Passes a streamed page through, with `html` inserted right after the opening `<body …>`. */
export function afterBodyOpens(html: string): Transform {
  let head: string | null = "";
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (head === null) return done(null, chunk);
      head += decoder.write(chunk);
      const open = head.indexOf("<body");
      const end = open === -1 ? -1 : head.indexOf(">", open);
      if (end === -1) return done();
      const out = head.slice(0, end + 1) + html + head.slice(end + 1);
      head = null;
      done(null, out);
    },
    flush(done) {
      done(null, head ? head + decoder.end() : undefined);
    },
  });
}
