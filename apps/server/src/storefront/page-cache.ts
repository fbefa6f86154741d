import { brotliDecompressSync } from "node:zlib";
import { boundedMap } from "@maidan/api/lib/bounded-map";
import { compressOnce, kept } from "@maidan/api/lib/shared-json";
import { contentSecurityPolicy } from "@maidan/api/plugins/security";
import { SESSION_COOKIE } from "@maidan/contracts/auth";
import { SHARED_PAGE_HEADER } from "@maidan/contracts/shared-pages";
import { hashInlineScripts } from "./script-hashes.ts";

/**
 * A rendered page. A shared one is kept in the forms clients have asked for: brotli, made once
 * when it was stored; gzip or uncompressed only once a client asks for them (browsers take
 * brotli). A product page is then 17 KB in the cache where all three forms took 125 KB.
 */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  /** The render's own Set-Cookie lines (sent only when the page is not shared). */
  cookies: string[];
  /**
   * Its content security policy: by hashes of its inline scripts when shared (worked out once,
   * here, and the same for everyone); by the render's nonce when it goes only to the requests
   * that waited for this render. Null when rendered without a nonce.
   */
  csp: string | null;
} & (
  | {
      shareable: true;
      br: Buffer;
      gzip: Buffer | null;
      plain: Buffer | null;
      /** The storefront marked it shared: it may go to visitors with a session too (decision 069). */
      sharedPage: boolean;
    }
  /** Not shareable (not a 200, or it set cookies of its own): sent as rendered, never kept. */
  | { shareable: false; body: Buffer }
);

/**
 * Whole rendered pages for first-time anonymous visitors (no cookies, no Authorization header):
 * what they see depends on the address alone, so one render serves everyone for `ttlMs`.
 * Stale-while-revalidate: after `ttlMs` the old page is still sent while one new render runs.
 * Concurrent misses of one key share one render. At most `maxEntries` pages and `maxBytes` of
 * their bodies in the forms made so far (oldest written dropped first; a page is weighed again
 * when a client makes it keep another form, see `body`).
 * Keys are `<variant> <url>`. `dropPaths` and `clear` also forget renders in flight, which may
 * have read what changed.
 */
export function createPageCache(ttlMs: number, maxEntries = 500, maxBytes = 64 * 2 ** 20) {
  const pages = boundedMap<{ page: CachedPage; at: number }>(maxEntries, maxBytes, ({ page }) =>
    page.shareable
      ? page.br.length + (page.gzip?.length ?? 0) + (page.plain?.length ?? 0)
      : page.body.length,
  );
  const inflight = new Map<string, Promise<CachedPage>>();
  const refresh = (key: string, render: () => Promise<CachedPage>) => {
    const running = inflight.get(key);
    if (running) return running;
    const p = render()
      .then((page) => {
        if (inflight.get(key) !== p) return page;
        pages.delete(key);
        if (page.shareable) pages.set(key, { page, at: Date.now() });
        return page;
      })
      .finally(() => {
        if (inflight.get(key) === p) inflight.delete(key);
      });
    inflight.set(key, p);
    return p;
  };

  return {
    async get(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
      const hit = pages.get(key);
      if (!hit) return refresh(key, render);
      if (Date.now() - hit.at > ttlMs) refresh(key, render).catch(() => {});
      return hit.page;
    },
    /**
     * The body of a page `get` answered for `key`, in the client's encoding. A form made now is
     * kept with the page and weighed again (if the page is still the one stored).
     */
    body(key: string, page: CachedPage, encoding: "br" | "gzip" | null): Buffer {
      if (!page.shareable) return page.body;
      const { body, made } = sharedBody(page, encoding);
      const stored = made ? pages.get(key) : undefined;
      if (stored?.page === page) pages.set(key, stored);
      return body;
    },
    /** Whether a page (fresh or stale) is kept for `key`. */
    holds(key: string) {
      return pages.get(key) !== undefined;
    },
    clear() {
      pages.clear();
      inflight.clear();
    },
    /** What the pages held weigh: their bodies in all three encodings. */
    get bytes() {
      return pages.bytes;
    },
    get size() {
      return pages.size;
    },
    /** Drops the pages at these paths (any query, any variant) and their `.data` forms. */
    dropPaths(paths: readonly string[]) {
      const wanted = new Set(paths);
      const at = (key: string) => {
        const url = key.slice(key.indexOf(" ") + 1);
        const path = url.split("?")[0] ?? "";
        let decoded = path;
        try {
          decoded = decodeURIComponent(path);
        } catch {
          // a malformed address is compared as it came
        }
        return wanted.has(decoded.replace(/\.data$/, "").replace(/(.)\/+$/, "$1"));
      };
      for (const key of [...pages.keys()]) if (at(key)) pages.delete(key);
      for (const key of [...inflight.keys()]) if (at(key)) inflight.delete(key);
    },
  };
}

/**
 * A shared page's body as the client takes it: brotli as kept; gzip, or uncompressed for a
 * client that takes neither, made from it at the first asking and kept. `made`: a form was made.
 */
export function sharedBody(
  page: { br: Buffer; gzip: Buffer | null; plain: Buffer | null },
  encoding: "br" | "gzip" | null,
): { body: Buffer; made: boolean } {
  if (encoding === "br") return { body: page.br, made: false };
  const had = encoding === "gzip" ? page.gzip : page.plain;
  if (had) return { body: had, made: false };
  if (encoding === null) {
    page.plain = kept(brotliDecompressSync(page.br));
    return { body: page.plain, made: true };
  }
  page.gzip = compressOnce("gzip", page.plain ?? brotliDecompressSync(page.br));
  return { body: page.gzip, made: true };
}

/** Requests whose page may come from the cache: GET, no cookies, no bearer token. */
export function isFirstAnonymousVisit(req: {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}) {
  return req.method === "GET" && !req.headers.cookie && !req.headers.authorization;
}

/**
 * Requests that may get a shared page (decision 069) although they carry cookies or a bearer
 * token: GETs of a document (a client navigation's `.data` request renders its loaders).
 */
export function isSharedPageCandidate(req: { method: string; url: string }) {
  return req.method === "GET" && !(req.url.split("?")[0] ?? "").endsWith(".data");
}

/**
 * Whether a rendered page belongs to one shopper: asked for with a session (cookie or bearer
 * token), or setting or clearing one. Such pages are sent `Cache-Control: private`, so no
 * shared cache keeps them and the service worker does not store them (a page with a shopper's
 * name in its header must not stay readable offline after they log out).
 */
export function isPrivateRender(
  req: {
    headers: Record<string, string | string[] | undefined>;
    cookies?: Record<string, string | undefined>;
  },
  setCookies: string[],
) {
  const session = req.cookies?.[SESSION_COOKIE];
  return (
    Boolean(req.headers.authorization) ||
    (session !== undefined && session !== "" && session !== "null") ||
    setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))
  );
}

/**
 * Buffers a response and compresses it once with brotli; gzip waits for a client that needs it
 * (on a product page it took 0.9 ms of a 7 ms render, for almost no visitor). `nonce`: the one
 * the page was rendered with; a shared page's scripts then run by hashes instead (decision 026).
 */
export async function toCachedPage(
  res: Response,
  shareableCookies: (setCookies: string[]) => boolean,
  transformHtml: (html: string) => string = (html) => html,
  nonce?: string,
): Promise<CachedPage> {
  const cookies = res.headers.getSetCookie();
  const headers = [...res.headers].filter(
    ([k]) => k !== "set-cookie" && k !== "content-length" && k !== SHARED_PAGE_HEADER,
  );
  // A page that says it must not be stored (the dev outbox) is not shared either.
  const shareable =
    res.status === 200 &&
    !/no-store|private/.test(res.headers.get("cache-control") ?? "") &&
    shareableCookies(cookies);
  const isHtml = res.headers.get("content-type")?.startsWith("text/html") ?? false;
  let csp = nonce ? contentSecurityPolicy({ nonce }) : null;
  let body: Buffer;
  if (shareable && isHtml) {
    let html = transformHtml(await res.text());
    if (nonce) {
      const scripts = hashInlineScripts(html, nonce);
      html = scripts.html;
      csp = contentSecurityPolicy({ hashes: scripts.hashes });
    }
    body = Buffer.from(html);
  } else {
    body = Buffer.from(await res.arrayBuffer());
  }
  if (!shareable) return { status: res.status, headers, cookies, csp, shareable, body };
  // Made on every cache miss, before the first visitor gets the page: on a 60 KB product page
  // brotli 6 takes 1.5 ms for 12.1 KB where 11 took 70 ms for 11.0 KB, and a big catalogue
  // misses all the time (crawlers, long tails). gzip 9 saved nothing over 6.
  const br = compressOnce("br", body);
  const sharedPage = res.headers.has(SHARED_PAGE_HEADER);
  return {
    status: res.status,
    headers,
    cookies,
    csp,
    shareable,
    sharedPage,
    br,
    gzip: null,
    plain: null,
  };
}
