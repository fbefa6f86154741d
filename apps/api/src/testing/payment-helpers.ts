import type { TestApp } from "@maidan/server/testing/test-app";
import type { AlfalahSecrets } from "../modules/payments/gateways/alfalah/alfalah.config.ts";
import type { EasypaisaSecrets } from "../modules/payments/gateways/easypaisa/easypaisa.config.ts";
import type { HblSecrets } from "../modules/payments/gateways/hbl/hbl.config.ts";
import type { KeenuSecrets } from "../modules/payments/gateways/keenu/keenu.config.ts";
import type { NiftSecrets } from "../modules/payments/gateways/nift/nift.config.ts";
import type { NiftSandboxTxn } from "../modules/payments/gateways/nift/nift.sandbox.ts";
import { gatewayRegistry } from "../modules/payments/gateways/registry.ts";
import { gatewayConfigs } from "../modules/payments/payments.config.ts";
import * as repo from "../modules/payments/payments.repository.ts";
import { ledger } from "../modules/payments/sandbox/sandbox-kit.ts";
import { send } from "./cart-helpers.ts";
import { ADDRESS } from "./order-helpers.ts";

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

/** A form post from the shopper's browser: a navigation that asks for a page. */
export const postForm = (t: TestApp, url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      "sec-fetch-mode": "navigate",
    },
    payload: new URLSearchParams(fields).toString(),
  });

/** The same form posted by the gateway's server (no browser headers): answered with JSON. */
export const serverPost = (t: TestApp, url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

export const locationOf = (r: { headers: Record<string, unknown> }) =>
  String(r.headers.location ?? "");

/** A sandbox page that posts itself back to the shop (Keenu, NIFT): its action and fields. */
export function autoPostOf(html: string) {
  const m = /<form id="back" method="post" action="([^"]+)">(.*)<button>/.exec(html);
  if (!m) throw new Error("no return form on the page");
  const unentity = (v: string) => v.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
  const fields = Object.fromEntries(
    [...(m[2] ?? "").matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((f) => [
      f[1] ?? "",
      unentity(f[2] ?? ""),
    ]),
  );
  return { action: unentity(m[1] ?? ""), fields };
}

/** An absolute or relative URL as a path with its query, for app.inject. */
export const pathOf = (url: string) => {
  const u = new URL(url, "http://localhost");
  return u.pathname + u.search;
};

export type GatewayKey = "hbl" | "keenu" | "nift" | "alfalah" | "easypaisa";
export const GATEWAY_KEYS: GatewayKey[] = ["hbl", "keenu", "nift", "alfalah", "easypaisa"];

/** The §7 call that starts each gateway, with what the storefront sends besides the address. */
const PAY: Record<GatewayKey, { url: string; body: Record<string, unknown> }> = {
  hbl: { url: "/api/pay/hbl", body: { paymentMethod: "HBL" } },
  keenu: { url: "/api/pay/keenu", body: { paymentMethod: "Keenu", bankId: "2" } },
  nift: { url: "/api/pay/nift_pay", body: { paymentMethod: "NiftPayBank" } },
  alfalah: { url: "/api/pay/alfalah_pay", body: { paymentMethod: "alfalah_pay" } },
  easypaisa: {
    url: "/api/pay/easypaisa",
    body: { paymentMethod: "easypaisa", paymentMethod_ep: "MA_PAYMENT_METHOD" },
  },
};
const ECHOED = ["address", "paymentMethod", "walletId", "useWallet", "rePayId"];

/** A started online payment: the attempt's reference, its checkout, and the gateway hand-off. */
export type Started = {
  gateway: GatewayKey;
  reference: string;
  checkoutId: string;
  answer: Record<string, unknown>;
  /** What the browser submits to the gateway (spec §7), as the storefront builds it. */
  fields: Record<string, string>;
  action: string;
};

/** The §7 call for `gateway` with `who`'s cart (or `rePayId` in `extra`); throws unless handed off. */
export async function startPayment(
  t: TestApp,
  who: Record<string, string>,
  gateway: GatewayKey,
  extra: Record<string, unknown> = {},
): Promise<Started> {
  const p = PAY[gateway];
  const res = await send(t, "POST", p.url, who, { address: ADDRESS, ...p.body, ...extra });
  if (res.statusCode !== 200) throw new Error(`${p.url}: ${res.statusCode} ${res.body}`);
  const answer = res.json() as Record<string, unknown>;
  if (answer.status === false || answer.hbl_success === "no" || answer.handShakeStatus === false)
    throw new Error(`${p.url} refused: ${res.body}`);
  const strings = Object.fromEntries(
    Object.entries(answer)
      .filter(([k, v]) => typeof v === "string" && !ECHOED.includes(k))
      .map(([k, v]) => [k, v as string]),
  );
  let fields: Record<string, string> = strings;
  let reference: string;
  const action = String(res.headers["x-payment-url"] ?? answer.hbl_url ?? "");
  switch (gateway) {
    case "hbl":
      fields = {};
      reference =
        (await repo.latestAttemptOf(t.database.db, String(answer.rePayId)))?.reference ?? "";
      break;
    case "keenu":
      reference = strings.Order_No ?? "";
      break;
    case "nift": {
      const { status: _s, message: _m, ...rest } = strings;
      fields = rest;
      reference = strings.pp_TxnRefNo ?? "";
      break;
    }
    case "alfalah": {
      const { handShakeStatus: _h, ...rest } = strings;
      fields = rest;
      reference = strings.TransactionReferenceNumber ?? "";
      break;
    }
    case "easypaisa":
      fields = easypaisaGatewayFields(answer);
      reference = fields.orderRefNum ?? "";
      break;
  }
  const a = await repo.findByReference(t.database.db, reference);
  if (!a?.checkoutId) throw new Error(`no attempt for ${gateway} ${reference}`);
  return { gateway, reference, checkoutId: a.checkoutId, answer, fields, action };
}

/** How the shopper's browser comes back to the shop from a gateway. */
export type BrowserReturn =
  | { method: "GET"; url: string }
  | { method: "POST"; url: string; fields: Record<string, string> };

/**
 * The shopper on the gateway's (sandbox) pages: opens the hand-off, presses `outcome`, and we
 * get back where the browser would go next, without going there (an abandoned redirect, or a
 * return to deliver, replay or tamper with). `notify` ticks the sandbox's server-to-server box.
 */
export async function payAtSandbox(
  t: TestApp,
  s: Started,
  outcome: "success" | "failure" | "cancel",
  notify = false,
): Promise<BrowserReturn> {
  const n = notify ? "1" : "0";
  const expectOk = (r: { statusCode: number; body: string }, what: string) => {
    if (r.statusCode >= 400) throw new Error(`${what}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    return r;
  };
  switch (s.gateway) {
    case "easypaisa": {
      const page = await t.app.inject({
        method: "GET",
        url: `${s.action}?${new URLSearchParams(s.fields)}`,
      });
      expectOk(page, "Index.jsf");
      const chosen = await postForm(t, "/sandbox/easypaisa/easypay/choose", {
        orderRefNum: s.reference,
        outcome,
        notify: n,
      });
      const token = new URL(locationOf(chosen), "http://localhost").searchParams.get("auth_token");
      const confirm = await t.app.domains.services.payments.easypaisaConfirmForm(token ?? "");
      const back = await postForm(t, pathOf(confirm.action), confirm.fields);
      return { method: "GET", url: pathOf(locationOf(back)) };
    }
    case "alfalah": {
      expectOk(await postForm(t, pathOf(s.action), s.fields), "SSO");
      const chosen = await postForm(t, "/sandbox/alfalah/SSO/choose", {
        ref: s.reference,
        token: s.fields.AuthToken ?? "",
        outcome,
        notify: n,
      });
      return { method: "GET", url: pathOf(locationOf(chosen)) };
    }
    case "hbl": {
      const data = decodeURIComponent(s.action.split("data=")[1] ?? "");
      const session = Buffer.from(data, "base64").toString();
      const page = await t.app.inject({
        method: "GET",
        url: `/sandbox/hbl/HBLPay/Site/checkout?data=${encodeURIComponent(data)}`,
      });
      expectOk(page, "HBL checkout page");
      const chosen = await postForm(t, "/sandbox/hbl/HBLPay/Site/choose", { session, outcome });
      return { method: "GET", url: pathOf(locationOf(chosen)) };
    }
    case "keenu": {
      expectOk(await postForm(t, pathOf(s.action), s.fields), "Keenu redirect");
      const page = await postForm(t, "/sandbox/keenu/choose", {
        orderNo: s.reference,
        outcome,
        notify: n,
      });
      const back = autoPostOf(expectOk(page, "Keenu choose").body);
      return { method: "POST", url: pathOf(back.action), fields: back.fields };
    }
    case "nift": {
      expectOk(await postForm(t, pathOf(s.action), s.fields), "NIFT merchant form");
      const page = await postForm(t, "/sandbox/nift/choose", {
        ref: s.reference,
        outcome,
        notify: n,
      });
      const back = autoPostOf(expectOk(page, "NIFT choose").body);
      return { method: "POST", url: pathOf(back.action), fields: back.fields };
    }
  }
}

/** The browser follows a return to the shop (a navigation: GET, or a form post). */
export const deliver = (t: TestApp, r: BrowserReturn) =>
  r.method === "GET"
    ? t.app.inject({ method: "GET", url: r.url, headers: { accept: "text/html" } })
    : postForm(t, r.url, r.fields);

type SandboxSecrets = {
  easypaisa: EasypaisaSecrets;
  alfalah: AlfalahSecrets;
  hbl: HblSecrets;
  keenu: KeenuSecrets;
  nift: NiftSecrets;
};

/** The bank-side secrets a gateway's sandbox holds, for tests that sign as the gateway would. */
export const sandboxSecrets = <G extends GatewayKey>(t: TestApp, gateway: G) =>
  gatewayConfigs(t.config, gatewayRegistry()).sandboxSecrets(gateway) as Promise<SandboxSecrets[G]>;

/** The clock after PAYMENT_HOLD_MINUTES: the hold of the checkout's orders and attempts ends. */
export async function endHold(t: TestApp, checkoutId: string) {
  await t.database.pool.query(
    "update orders set confirm_by = now() - interval '1 minute' where checkout_id = $1",
    [checkoutId],
  );
  await t.database.pool.query(
    "update payment_attempts set expires_at = now() - interval '1 minute' where checkout_id = $1",
    [checkoutId],
  );
}

/**
 * What NIFT's own records say about a payment (its sandbox's ledger, which the status inquiry
 * reads), for tests that post NIFT's signed callback themselves: NIFT trusts no callback the
 * inquiry does not confirm (decision 022).
 */
export async function niftRecords(
  t: TestApp,
  reference: string,
  amountPaisa: string,
  code: string,
) {
  const txns = ledger<NiftSandboxTxn>(t.kv, "nift");
  const prior = await txns.get(reference);
  await txns.put(reference, {
    ref: reference,
    amount: amountPaisa,
    returnUrl: "",
    billRef: reference,
    method: "NiftPayBank",
    ...prior,
    done: true,
    code,
    message:
      code === "000"
        ? "Transaction Successful"
        : code === "112"
          ? "Cancelled"
          : "Transaction failed",
    rrn: code === "000" ? `R${reference}` : "",
  });
}
