import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToCart,
  guest,
  pickVariants,
  setStock,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { buy } from "../../testing/order-helpers.ts";
import { payAtSandbox, startPayment } from "../../testing/payment-helpers.ts";

/**
 * /metrics (decision 038): Prometheus text with the request durations by route pattern, the
 * pool's connections, the domain counters and Node's own metrics; readable from this machine
 * only, or with METRICS_TOKEN by whoever sends it.
 */
let t: TestApp;
let variants: TestVariant[];
beforeAll(async () => {
  t = await createTestApp({ products: 8 });
  variants = await pickVariants(t, 2);
  for (const v of variants) await setStock(t, v.vid, 50);
});
afterAll(() => t?.close());

const scrape = () => t.app.inject({ method: "GET", url: "/metrics" });

type Sample = { name: string; labels: Record<string, string>; value: number };
function samples(text: string): Sample[] {
  return text
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(l);
      if (!m) throw new Error(`not a sample line: ${l}`);
      const labels = Object.fromEntries(
        [...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]),
      );
      return { name: m[1] ?? "", labels, value: Number(m[3]) };
    });
}
/** The value of the sample with that name whose labels include `labels` (0 when none). */
async function sampleValue(name: string, labels: Record<string, string> = {}) {
  const found = samples((await scrape()).body).find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found?.value ?? 0;
}

describe("the metrics", () => {
  it("are Prometheus text: request durations by method, route pattern and status class", async () => {
    const slug = (await t.app.inject({ method: "GET", url: "/api/products?limit=1" })).json()
      .items[0].slug as string;
    for (let i = 0; i < 3; i++) await t.app.inject({ method: "GET", url: `/api/products/${slug}` });
    await t.app.inject({ method: "GET", url: "/api/products/no-such-product-at-all" });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const all = samples(res.body);
    const count = (status_class: string) =>
      all.find(
        (s) =>
          s.name === "maidan_http_request_duration_seconds_count" &&
          s.labels.route === "/api/products/:slug" &&
          s.labels.method === "GET" &&
          s.labels.status_class === status_class,
      )?.value;
    expect(count("2xx")).toBe(3);
    expect(count("4xx")).toBe(1);
    expect(res.body).toContain("# TYPE maidan_http_request_duration_seconds histogram");
    expect(res.body).toMatch(
      /maidan_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/products\/:slug",status_class="2xx"\} \d+/,
    );
    // Route patterns only: no URL a client typed becomes a label.
    expect(res.body).not.toContain(slug);
    expect(res.body).not.toContain("no-such-product-at-all");
  });

  it("show the database pool and Node's own process metrics", async () => {
    const all = samples((await scrape()).body);
    const named = (n: string) => all.find((s) => s.name === n)?.value;
    expect(named("maidan_db_pool_total_connections")).toBeGreaterThanOrEqual(1);
    expect(named("maidan_db_pool_idle_connections")).toBeGreaterThanOrEqual(0);
    expect(named("maidan_db_pool_waiting_clients")).toBe(0);
    expect(named("maidan_db_pool_max_connections")).toBe(t.database.pool.options.max);
    expect(named("maidan_process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(named("maidan_nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(all.some((s) => s.name === "maidan_nodejs_eventloop_lag_p99_seconds")).toBe(true);
  });

  it("count an order placed, by its payment method", async () => {
    const before = await sampleValue("maidan_orders_placed_total", { payment_method: "COD" });
    await buy(t, guest(), variants[0] as TestVariant);
    expect(await sampleValue("maidan_orders_placed_total", { payment_method: "COD" })).toBe(
      before + 1,
    );
  });

  it("count a payment by its gateway and outcome", async () => {
    const paid = { gateway: "keenu", outcome: "paid" };
    const keenuOrders = { payment_method: "Keenu" };
    const before = await sampleValue("maidan_payments_total", paid);
    const placedBefore = await sampleValue("maidan_orders_placed_total", keenuOrders);
    const who = guest();
    expect((await addToCart(t, who, variants[1] as TestVariant)).statusCode).toBe(200);
    const started = await startPayment(t, who, "keenu");
    expect(await sampleValue("maidan_orders_placed_total", keenuOrders)).toBe(placedBefore + 1);
    // The sandbox's server-to-server copy of the signed result settles it.
    await payAtSandbox(t, started, "success", true);
    await expect.poll(() => sampleValue("maidan_payments_total", paid)).toBe(before + 1);
  });
});

describe("who may read them", () => {
  it("without METRICS_TOKEN: this machine only, and not through a proxy", async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: "GET", url: "/metrics", remoteAddress, headers });
    expect((await from("127.0.0.1")).statusCode).toBe(200);
    expect((await from("::1")).statusCode).toBe(200);
    const outside = await from("203.0.113.7");
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({
      message: "Metrics are readable from this machine only",
      status: 403,
    });
    expect(outside.body).not.toContain("maidan_");
    // A proxy on this machine passing a visitor on: still refused.
    expect((await from("127.0.0.1", { "x-forwarded-for": "203.0.113.7" })).statusCode).toBe(403);
    expect((await from("127.0.0.1", { forwarded: "for=203.0.113.7" })).statusCode).toBe(403);
  });

  it("with METRICS_TOKEN: whoever sends it as a bearer token, from anywhere; others get 401", async () => {
    const token = "metrics-token-0123456789abcdef";
    const secured = await createTestApp({ seed: false, env: { METRICS_TOKEN: token } });
    try {
      const from = (remoteAddress: string, authorization?: string) =>
        secured.app.inject({
          method: "GET",
          url: "/metrics",
          remoteAddress,
          headers: authorization ? { authorization } : {},
        });
      const none = await from("127.0.0.1");
      expect(none.statusCode).toBe(401);
      expect(none.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(none.json()).toEqual({ message: "A metrics token is required", status: 401 });
      expect((await from("203.0.113.7", `Bearer ${token}x`)).statusCode).toBe(401);
      expect((await from("203.0.113.7", token)).statusCode).toBe(401);
      const ok = await from("203.0.113.7", `Bearer ${token}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain("maidan_http_request_duration_seconds");
    } finally {
      await secured.close();
    }
  });
});
