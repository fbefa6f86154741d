import { randomUUID } from "node:crypto";
import { createLogger, runWithLogger } from "@maidan/observability/log";
import { cacheNews } from "@maidan/observability/metrics";
import { captureLogs } from "@maidan/observability/testing/capture-logs";
import { describe, expect, it } from "vitest";
import { type CacheNews, createCacheNews, encodeNews, type NewsTransport } from "./cache-news.ts";

/** Stands for one database's channel: what one bus sends, every bus listening receives. */
function channel() {
  const listeners = new Set<(p: string) => void>();
  const missedHooks = new Set<() => void>();
  const sent: string[][] = [];
  let failing = false;
  const transport: NewsTransport = {
    async send(payloads) {
      if (failing) throw new Error("database down");
      sent.push(payloads);
      for (const p of payloads) for (const l of listeners) l(p);
    },
    listen(message, missed) {
      listeners.add(message);
      missedHooks.add(missed);
      return {
        ready: Promise.resolve(),
        close: async () => {
          listeners.delete(message);
          missedHooks.delete(missed);
        },
      };
    },
  };
  return {
    transport,
    sent,
    fail: (on: boolean) => {
      failing = on;
    },
    reconnect: () => {
      for (const m of missedHooks) m();
    },
  };
}

/** Runs `fn` with its log lines kept, and returns their messages. */
async function logged(fn: () => Promise<void>) {
  const logs = captureLogs();
  await runWithLogger(createLogger("info", logs.destination), fn);
  return logs.messages();
}

/** `maidan_cache_news_total` for one event, as /metrics would show it. */
const counted = async (event: string) =>
  (await cacheNews.get()).values.find((v) => v.labels.event === event)?.value ?? 0;

function recorder() {
  const heard: { news: CacheNews; from: string }[] = [];
  return { heard, handler: (news: CacheNews, from: string) => void heard.push({ news, from }) };
}

describe("cache news", () => {
  it("applies news here at once and on the other instance once sent; not twice here", async () => {
    const ch = channel();
    const a = createCacheNews({ transport: ch.transport, batchMs: 1_000 });
    const b = createCacheNews({ transport: ch.transport, batchMs: 1_000 });
    const ra = recorder();
    const rb = recorder();
    a.on(ra.handler);
    b.on(rb.handler);

    a.publish({ kind: "stock", productIds: ["p1", "p2"] });
    expect(ra.heard).toEqual([{ news: { kind: "stock", productIds: ["p1", "p2"] }, from: "here" }]);
    expect(rb.heard).toEqual([]);
    await a.flush();
    expect(rb.heard).toEqual([
      { news: { kind: "stock", productIds: ["p1", "p2"] }, from: "elsewhere" },
    ]);
    expect(ra.heard).toHaveLength(1);
    await a.close();
    await b.close();
  });

  it("sends a burst as one batch, product ids once each", async () => {
    const ch = channel();
    const a = createCacheNews({ transport: ch.transport, batchMs: 5 });
    const b = createCacheNews({ transport: ch.transport });
    const rb = recorder();
    b.on(rb.handler);
    a.publish({ kind: "stock", productIds: ["p1"] });
    a.publish({ kind: "stock", productIds: ["p1", "p2"] });
    a.publish({ kind: "settings" });
    a.publish({ kind: "stock", productIds: [] });
    await new Promise((r) => setTimeout(r, 30));
    expect(ch.sent).toHaveLength(1);
    expect(rb.heard.map((h) => h.news)).toEqual([
      { kind: "settings" },
      { kind: "stock", productIds: ["p1", "p2"] },
    ]);
    await a.close();
    await b.close();
  });

  it("product edits travel as their own kind, their ids once each; a catalogue change in the same batch covers them", async () => {
    const ch = channel();
    const a = createCacheNews({ transport: ch.transport, batchMs: 5 });
    const b = createCacheNews({ transport: ch.transport });
    const rb = recorder();
    b.on(rb.handler);
    a.publish({ kind: "products", productIds: ["p1"] });
    a.publish({ kind: "products", productIds: ["p1", "p2"] });
    a.publish({ kind: "stock", productIds: ["p3"] });
    await new Promise((r) => setTimeout(r, 30));
    expect(rb.heard.map((h) => h.news)).toEqual([
      { kind: "stock", productIds: ["p3"] },
      { kind: "products", productIds: ["p1", "p2"] },
    ]);
    expect(
      encodeNews("o", { productIds: [], changedIds: ["p1"], catalog: true, settings: false }),
    ).toEqual([JSON.stringify({ o: "o", k: "catalog" })]);
    await a.close();
    await b.close();
  });

  it("once closing, sends news from requests still finishing at once, not after the pool ends", async () => {
    const ch = channel();
    const a = createCacheNews({ transport: ch.transport, batchMs: 60_000 });
    await a.close();
    a.publish({ kind: "stock", productIds: ["p9"] });
    await new Promise((r) => setTimeout(r, 20));
    expect(ch.sent).toHaveLength(1);
    expect(ch.sent[0]?.join()).toContain("p9");
  });

  it("splits many product ids over payloads under NOTIFY's limit", () => {
    const ids = Array.from({ length: 1_000 }, () => randomUUID());
    const payloads = encodeNews("origin", { productIds: ids, catalog: true, settings: false });
    expect(payloads.length).toBeGreaterThan(5);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8_000);
    const back = payloads.flatMap((p) => (JSON.parse(p).ids as string[] | undefined) ?? []);
    expect(back).toEqual(ids);
    expect(JSON.parse(payloads[0] ?? "")).toEqual({ o: "origin", k: "catalog" });
  });

  it("a failed send is logged, never thrown; the next one goes", async () => {
    const ch = channel();
    const a = createCacheNews({ transport: ch.transport });
    const b = createCacheNews({ transport: ch.transport });
    const rb = recorder();
    b.on(rb.handler);
    const failed = await counted("send_failed");
    const sent = await counted("sent");
    const received = await counted("received");
    ch.fail(true);
    const lines = await logged(async () => {
      a.publish({ kind: "catalog" });
      await expect(a.flush()).resolves.toBeUndefined();
    });
    expect(lines).toEqual([
      "cache news: not sent to other instances; their cached reads follow their lifetime",
    ]);
    ch.fail(false);
    a.publish({ kind: "stock", productIds: ["p9"] });
    await a.flush();
    expect(rb.heard.map((h) => h.news)).toEqual([{ kind: "stock", productIds: ["p9"] }]);
    expect(await counted("send_failed")).toBe(failed + 1);
    expect(await counted("sent")).toBe(sent + 1);
    expect(await counted("received")).toBe(received + 1);
    await a.close();
    await b.close();
  });

  it("after the transport was cut, drops everything (news may have been missed)", async () => {
    const ch = channel();
    const a = createCacheNews({ transport: ch.transport });
    const ra = recorder();
    a.on(ra.handler);
    ch.reconnect();
    expect(ra.heard).toEqual([{ news: { kind: "catalog" }, from: "elsewhere" }]);
    await a.close();
  });

  it("ignores messages it does not understand, and a failing handler does not stop the others", async () => {
    const ch = channel();
    const a = createCacheNews({ transport: ch.transport });
    const ra = recorder();
    a.on(() => {
      throw new Error("broken cache");
    });
    a.on(async () => {
      throw new Error("broken async cache");
    });
    a.on(ra.handler);
    const lines = await logged(async () => {
      await ch.transport.send(["not json", JSON.stringify({ o: "x", k: "stock", ids: [] })]);
      a.publish({ kind: "settings" });
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(ra.heard).toEqual([{ news: { kind: "settings" }, from: "here" }]);
    expect(lines).toEqual([
      "cache news: a message not understood was ignored",
      "cache news: a message not understood was ignored",
      "cache news: a cache did not follow",
      "cache news: a cache did not follow",
    ]);
    await a.close();
  });

  it("without a transport, applies news here only", async () => {
    const a = createCacheNews({ transport: null });
    const ra = recorder();
    a.on(ra.handler);
    a.publish({ kind: "stock", productIds: ["p1"] });
    await a.flush();
    expect(ra.heard).toEqual([{ news: { kind: "stock", productIds: ["p1"] }, from: "here" }]);
    await a.close();
  });
});
