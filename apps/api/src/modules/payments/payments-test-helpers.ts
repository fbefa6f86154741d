import type { TestApp } from "../../testing/test-app.ts";

/**
 * What the storefront submits to Easypay for /pay/easypaisa and /pay/easypaisa_wallet (spec §7):
 * address, paymentMethod, walletId, useWallet and rePayId left out, paymentMethod_ep renamed
 * paymentMethod, every value URL-decoded.
 */
export const easypaisaGatewayFields = (b: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(b)
      .filter(
        ([k]) => !["address", "paymentMethod", "walletId", "useWallet", "rePayId"].includes(k),
      )
      .map(([k, v]) => [
        k === "paymentMethod_ep" ? "paymentMethod" : k,
        decodeURIComponent(String(v)),
      ]),
  ) as Record<string, string>;

/** A form post, as a browser or a bank sends it. */
export const postForm = (t: TestApp, url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

export const locationOf = (r: { headers: Record<string, unknown> }) =>
  String(r.headers.location ?? "");
