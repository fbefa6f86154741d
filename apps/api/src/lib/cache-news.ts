import { randomUUID } from "node:crypto";
import type { Database } from "@maidan/db/database";
import { listen, MAX_NOTIFY_BYTES, notify } from "@maidan/db/notify";
import { logger } from "@maidan/observability/log";
import { cacheNews } from "@maidan/observability/metrics";
import { z } from "zod";

/**
 * What changed, for every process that keeps copies in memory (decision 041): the stock of some
 * products (after an order took it or gave it back), some products themselves (a back-office
 * edit or an import: their text, prices, status or images), the catalogue as a whole (its
 * categories, brands, stores), the shop's settings, or the marketing the cart and the campaign
 * pages read besides the catalogue: automatic promotions, the shipping table, freebie campaigns
 * (decision 061).
 */
export type CacheNews =
  | { kind: "stock"; productIds: string[] }
  | { kind: "products"; productIds: string[] }
  | { kind: "catalog" }
  | { kind: "settings" }
  | { kind: "marketing" };

/** `here`: this process made the change; `elsewhere`: another instance did (or news was missed). */
export type NewsHandler = (news: CacheNews, from: "here" | "elsewhere") => void | Promise<void>;

/** How news leaves this process and arrives from the others. */
export type NewsTransport = {
  send(payloads: string[]): Promise<void>;
  /** `missed()`: the transport was cut and is back; news sent meanwhile did not arrive. */
  listen(
    message: (payload: string) => void,
    missed: () => void,
  ): { ready: Promise<void>; close(): Promise<void> };
};

/** The channel on the shop's database (NOTIFY reaches the listeners of one database only). */
export const NEWS_CHANNEL = "maidan_cache_news";

/**
 * PostgreSQL NOTIFY/LISTEN on the shop's own database: one dedicated LISTEN connection per
 * process (opened again after a restart), news sent after the commit in one statement.
 */
export function postgresNews(database: Pick<Database, "url" | "pool">): NewsTransport {
  return {
    send: (payloads) => notify(database.pool, NEWS_CHANNEL, payloads),
    listen(message, missed) {
      return listen(database.url, NEWS_CHANNEL, {
        message,
        connected: (again) => {
          if (!again) return;
          logger().info(
            "cache news: listening again; caches dropped for what may have been missed",
          );
          missed();
        },
        lost: (err, retryInMs) => {
          cacheNews.inc({ event: "listen_lost" });
          logger().warn(
            { err, retryInMs },
            "cache news: not listening to other instances; cached reads follow their lifetime until it is back",
          );
        },
      });
    },
  };
}

const wire = z.discriminatedUnion("k", [
  z.object({ o: z.string(), k: z.literal("stock"), ids: z.array(z.string()).min(1) }),
  z.object({ o: z.string(), k: z.literal("products"), ids: z.array(z.string()).min(1) }),
  z.object({ o: z.string(), k: z.literal("catalog") }),
  z.object({ o: z.string(), k: z.literal("settings") }),
  z.object({ o: z.string(), k: z.literal("marketing") }),
]);

/** Payloads for a batch, each under NOTIFY's limit: product ids split over as many as needed. */
export function encodeNews(
  origin: string,
  batch: {
    productIds: Iterable<string>;
    changedIds?: Iterable<string>;
    catalog: boolean;
    settings: boolean;
    marketing?: boolean;
  },
  maxBytes = MAX_NOTIFY_BYTES,
): string[] {
  const out: string[] = [];
  if (batch.catalog) out.push(JSON.stringify({ o: origin, k: "catalog" }));
  if (batch.settings) out.push(JSON.stringify({ o: origin, k: "settings" }));
  if (batch.marketing) out.push(JSON.stringify({ o: origin, k: "marketing" }));
  const lists = (k: "stock" | "products", all: Iterable<string>) => {
    const head = JSON.stringify({ o: origin, k, ids: [] }).length;
    let ids: string[] = [];
    let size = head;
    const push = () => {
      if (ids.length) out.push(JSON.stringify({ o: origin, k, ids }));
      ids = [];
      size = head;
    };
    for (const id of all) {
      const more = Buffer.byteLength(JSON.stringify(id)) + 1;
      if (size + more > maxBytes) push();
      ids.push(id);
      size += more;
    }
    push();
  };
  lists("stock", batch.productIds);
  // A whole-catalogue change already covers every product.
  if (!batch.catalog) lists("products", batch.changedIds ?? []);
  return out;
}

export type CacheNewsOptions = {
  /** Null: this process alone (caching off, or a test): news is applied here only. */
  transport: NewsTransport | null;
  /** How long news waits to be sent with what follows it (one NOTIFY for a burst of orders). */
  batchMs?: number;
};

/**
 * The cache-news bus. `publish` applies the news to this process's handlers at once and sends
 * it, batched, to the other instances, whose handlers get it as `elsewhere`. Sending and
 * receiving never fail a request: a failure is logged, and other instances' caches then follow
 * their lifetime (`CACHE_TTL_MS`), as they did before the bus.
 */
export function createCacheNews({ transport, batchMs = 100 }: CacheNewsOptions) {
  const origin = randomUUID();
  const handlers = new Set<NewsHandler>();
  const pending = {
    productIds: new Set<string>(),
    changedIds: new Set<string>(),
    catalog: false,
    settings: false,
    marketing: false,
  };
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();
  // After close(): news from requests still finishing is sent at once, while the pool is open.
  let closing = false;

  const apply = (news: CacheNews, from: "here" | "elsewhere") => {
    for (const handler of handlers) {
      try {
        Promise.resolve(handler(news, from)).catch((err) =>
          logger().warn({ err, news: news.kind, from }, "cache news: a cache did not follow"),
        );
      } catch (err) {
        logger().warn({ err, news: news.kind, from }, "cache news: a cache did not follow");
      }
    }
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!transport) return sending;
    const payloads = encodeNews(origin, pending);
    pending.productIds.clear();
    pending.changedIds.clear();
    pending.catalog = false;
    pending.settings = false;
    pending.marketing = false;
    if (payloads.length === 0) return sending;
    sending = sending.then(() =>
      transport.send(payloads).then(
        () => void cacheNews.inc({ event: "sent" }, payloads.length),
        (err) => {
          cacheNews.inc({ event: "send_failed" }, payloads.length);
          logger().warn(
            { err },
            "cache news: not sent to other instances; their cached reads follow their lifetime",
          );
        },
      ),
    );
    return sending;
  };

  const receive = (payload: string) => {
    let parsed: z.infer<typeof wire>;
    try {
      parsed = wire.parse(JSON.parse(payload));
    } catch (err) {
      logger().warn({ err }, "cache news: a message not understood was ignored");
      return;
    }
    if (parsed.o === origin) return; // applied here when it was published
    cacheNews.inc({ event: "received" });
    apply(
      parsed.k === "stock" || parsed.k === "products"
        ? { kind: parsed.k, productIds: parsed.ids }
        : { kind: parsed.k },
      "elsewhere",
    );
  };

  const listening = transport?.listen(receive, () => apply({ kind: "catalog" }, "elsewhere"));

  return {
    /** Resolves once the first attempt to listen is over (listening or not: it keeps trying). */
    ready: listening?.ready ?? Promise.resolve(),
    /** Adds a handler for news from here and elsewhere; returns its removal. */
    on(handler: NewsHandler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    /** Call after the change has committed: applied here now, sent to the others soon after. */
    publish(news: CacheNews) {
      if (news.kind === "stock" || news.kind === "products") {
        if (news.productIds.length === 0) return;
        const into = news.kind === "stock" ? pending.productIds : pending.changedIds;
        for (const id of news.productIds) into.add(id);
      } else pending[news.kind] = true;
      apply(news, "here");
      if (closing) void flush();
      else if (transport && !timer) {
        timer = setTimeout(() => void flush(), batchMs);
        timer.unref();
      }
    },
    /** Sends what is waiting now (a test, a shutdown). */
    flush,
    async close() {
      closing = true;
      await flush();
      await listening?.close();
    },
  };
}

export type CacheNewsBus = ReturnType<typeof createCacheNews>;
