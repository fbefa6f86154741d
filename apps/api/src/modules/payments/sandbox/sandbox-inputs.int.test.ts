import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NIFT_SANDBOX_INQUIRY } from "../payments.config.ts";

/**
 * Every sandbox endpoint against malformed input (issue #12, item 14): a gateway answers a bad
 * request with a refusal, never a crash. Form bodies where JSON is expected, JSON where a form
 * or SOAP is, deeply nested JSON, arrays and repeated fields, wrong types and no body at all
 * must all be answered below 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

const POSTS = [
  "/sandbox/faults",
  "/sandbox/easypaisa/easypay/Index.jsf",
  "/sandbox/easypaisa/easypay/choose",
  "/sandbox/easypaisa/easypay/Confirm.jsf",
  "/sandbox/easypaisa/easypay-service/rest/v4/inquire-transaction",
  "/sandbox/alfalah/HS/HS/HS",
  "/sandbox/alfalah/SSO/SSO/SSO",
  "/sandbox/alfalah/SSO/choose",
  "/sandbox/hbl/HBLPay/api/checkout",
  "/sandbox/hbl/HBLPay/Site/choose",
  "/sandbox/keenu/banks",
  "/sandbox/keenu/redirect",
  "/sandbox/keenu/choose",
  "/sandbox/nift/CustomerPortal/transactionmanagement/merchantform",
  "/sandbox/nift/choose",
  NIFT_SANDBOX_INQUIRY,
];
const GETS = [
  "/sandbox/easypaisa/easypay/Index.jsf",
  "/sandbox/easypaisa/easypay-service/rest/v1/order-status/1/MP0000000000000A",
  "/sandbox/alfalah/HS/api/IPN/OrderStatus/1/2/MP0000000000000A",
  "/sandbox/hbl/HBLPay/Site/index.html",
  "/sandbox/hbl/HBLPay/Site/checkout",
];

const nested = (depth: number) => {
  let v = '"x"';
  for (let i = 0; i < depth; i++) v = i % 2 ? `[${v}]` : `{"a":${v}}`;
  return v;
};

/** Bodies a fuzzer sends: [content-type, payload]. */
const BODIES: [string | undefined, string][] = [
  [undefined, ""],
  ["application/x-www-form-urlencoded", "a=1&a=2&USER_ID=x&USER_ID=y&pp_TxnRefNo=1&pp_TxnRefNo=2"],
  ["application/x-www-form-urlencoded", "outcome=success&ref[]=1&orderNo[x]=2&session=%00"],
  ["application/x-www-form-urlencoded", ""],
  ["application/json", "{"],
  ["application/json", "null"],
  ["application/json", "[]"],
  ["application/json", '"text"'],
  ["application/json", '{"USER_ID":{"a":1},"PASSWORD":[1,2],"ORDER":"x","latencyMs":"x"}'],
  ["application/json", '{"pp_TxnRefNo":["a"],"pp_SecureHash":7,"orderId":{},"storeId":null}'],
  ["application/json", nested(5000)],
  ["text/xml", "<x><ClientID>1</ClientID>"],
  ["text/xml", ""],
  ["text/plain", "hello"],
  ["application/octet-stream", "\u0000\u0001"],
];

describe("the sandboxes refuse malformed requests with 4xx, never 5xx", () => {
  it("every POST endpoint, every kind of bad body", async () => {
    const bad: string[] = [];
    for (const url of POSTS) {
      for (const [type, payload] of BODIES) {
        const r = await t.app.inject({
          method: "POST",
          url,
          headers: type ? { "content-type": type } : {},
          payload,
        });
        if (r.statusCode >= 500) bad.push(`${url} ${type ?? "(none)"} → ${r.statusCode}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("every GET endpoint, with odd queries", async () => {
    const bad: string[] = [];
    for (const url of GETS) {
      for (const q of [
        "",
        "?data=%%%",
        "?data=AAAA&data=BBBB",
        "?data[x]=1",
        `?data=${"A".repeat(5000)}`,
      ]) {
        const r = await t.app.inject({ method: "GET", url: `${url}${q}` });
        if (r.statusCode >= 500) bad.push(`GET ${url}${q.slice(0, 20)} → ${r.statusCode}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
