import { rupees } from "@maidan/contracts/money";
import type { LinkStatus } from "./checkout.service.ts";

/**
 * The page the SMS confirmation link opens (decision 042), usually in a phone's browser that
 * has never seen the shop: the shop's mark, the order numbers and the amount to pay at the
 * door, and one button that confirms (a POST; the GET changes nothing, so link scanners and
 * previews confirm nothing). After the button, and whenever the link is opened again, it says
 * "Order MD-… is confirmed". Served by the API with no script, no outside resource and no
 * referrer to other sites, so the link's signature goes nowhere.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const RIBBON =
  '<div class="test-mode" role="note"><strong>Test mode</strong> · payments go to sandbox gateways; no real money moves.</div>';

const LOGO =
  '<a class="logo" href="/" aria-label="Maidan home"><svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#f46b22"/><path d="M7 24V8h4l5 8 5-8h4v16h-4V15l-5 7-5-7v9z" fill="#fff"/></svg><span>Maidan</span></a>';

const STYLE =
  "body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f1f24;background:#f6f6f8}" +
  ".test-mode{padding:4px 16px;background:#ffd60a;color:#1a1a1a;font-size:.8125rem;text-align:center}" +
  "header{background:#fff;border-bottom:1px solid #e4e4e8;padding:10px 16px}" +
  ".logo{display:inline-flex;align-items:center;gap:8px;font-size:1.4rem;font-weight:800;color:#f46b22;text-decoration:none}" +
  "main{max-width:30rem;margin:0 auto;padding:16px}" +
  ".card{background:#fff;border:1px solid #e4e4e8;border-radius:10px;padding:20px 16px;text-align:center}" +
  "h1{font-size:1.3rem;margin:0 0 .5rem}" +
  ".orders{margin:.25rem 0;font-weight:700;overflow-wrap:anywhere}" +
  ".amount{margin:.25rem 0 1rem;color:#62626b}.amount strong{color:#1f1f24;font-size:1.25rem;white-space:nowrap}" +
  "button{width:100%;min-height:48px;font:inherit;font-size:1.1rem;font-weight:700;padding:.75rem 1rem;background:#f46b22;color:#1f1f24;border:0;border-radius:8px;cursor:pointer}" +
  ".done{color:#1a7f37}.icon{font-size:2.5rem;line-height:1;margin:0 0 .5rem}" +
  ".links{margin:1rem 0 0;text-align:center}.links a{color:#b3480f;font-weight:600}" +
  "small{display:block;margin-top:.75rem;color:#62626b}";

function page(title: string, body: string, testMode: boolean) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)} | Maidan</title><link rel="icon" href="/favicon.svg"><style>${STYLE}</style></head><body>${testMode ? RIBBON : ""}<header>${LOGO}</header><main><div class="card">${body}</div><p class="links"><a href="/">Continue shopping</a></p></main></body></html>`;
}

const orderWord = (nos: string[]) =>
  `${nos.length > 1 ? "Orders" : "Order"} ${nos.map(esc).join(", ")}`;

/** The page for a valid link, in the checkout's state. */
export function confirmLinkPage(
  s: LinkStatus,
  link: { c: string; sig: string },
  opts: { testMode: boolean },
) {
  const amount = `<p class="amount">To pay in cash on delivery: <strong>${esc(rupees(s.total))}</strong></p>`;
  if (s.state === "confirmed") {
    const verb = s.orderNos.length > 1 ? "are" : "is";
    return page(
      `${orderWord(s.orderNos)} ${verb} confirmed`,
      `<p class="icon done" aria-hidden="true">✓</p><h1 class="done">${orderWord(s.orderNos)} ${verb} confirmed</h1>${amount}<p>Thank you! We will pack it and send it on its way.</p>`,
      opts.testMode,
    );
  }
  if (s.state === "cancelled") {
    return page(
      "Order cancelled",
      `<h1>${orderWord(s.orderNos)} was cancelled</h1><p>It was not confirmed in time, or it was cancelled. Nothing is due.</p>`,
      opts.testMode,
    );
  }
  return page(
    "Confirm your order",
    `<h1>Confirm your cash-on-delivery order</h1><p class="orders">${orderWord(s.orderNos)}</p>${amount}<form method="post" action="/api/orders/confirm-link"><input type="hidden" name="c" value="${esc(link.c)}"><input type="hidden" name="sig" value="${esc(link.sig)}"><button type="submit">Confirm my order</button></form><small>Did not order this? Ignore this page: an order that is not confirmed is cancelled.</small>`,
    opts.testMode,
  );
}

/** A link whose signature does not match, or whose orders are gone. */
export function invalidLinkPage(opts: { testMode: boolean }) {
  return page(
    "Link not valid",
    "<h1>This link is not valid</h1><p>Please check that you opened the whole link from the SMS, or confirm with the 6-digit code on the order page.</p>",
    opts.testMode,
  );
}

/**
 * The headers every one of these pages is sent with. `same-origin`: the address (with its
 * signature) never goes to another site; `no-referrer` would also make the browser send
 * `Origin: null` with the button's post, which the shop refuses as cross-site.
 */
export const LINK_PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "referrer-policy": "same-origin",
} as const;
