import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page kept whole, with its compressed forms made once when it was stored. */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The render's own Set-Cookie lines (sent only when the page is not shared). */
  cookies: string[];
  br: Buffer;
  gzip: Buffer;
  /** False when the render was not shareable (not a 200, or it set cookies of its own). */
  shareable: boolean;
};

/**
 * Whole rendered pages for first-time anonymous visitors (no cookies, no Authorization header):
 * what they see depends on the address alone, so one render serves everyone for `ttlMs`.
 * Stale-while-revalidate: after `ttlMs` the old page is still sent while one new render runs.
 * Concurrent misses of one key share one render. At most `maxEntries` pages (oldest dropped).
 */
export function createPageCache(ttlMs: number, maxEntries = 500) {
  const pages = new Map<string, { page: CachedPage; at: number }>();
  const inflight = new Map<string, Promise<CachedPage>>();

  const refresh = (key: string, render: () => Promise<CachedPage>) => {
    const running = inflight.get(key);
    if (running) return running;
    const p = render()
      .then((page) => {
        pages.delete(key);
        if (page.shareable) {
          pages.set(key, { page, at: Date.now() });
          if (pages.size > maxEntries) pages.delete(pages.keys().next().value as string);
        }
        return page;
      })
      .finally(() => inflight.delete(key));
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
    clear() {
      pages.clear();
    },
  };
}

/** Requests whose page may come from the cache: GET, no cookies, no bearer token. */
export function isFirstAnonymousVisit(req: {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}) {
  return req.method === "GET" && !req.headers.cookie && !req.headers.authorization;
}

/** Buffers a response and compresses it once (brotli 11 and gzip 9, off the main thread). */
export async function toCachedPage(
  res: Response,
  shareableCookies: (setCookies: string[]) => boolean,
  transformHtml: (html: string) => string = (html) => html,
): Promise<CachedPage> {
  const cookies = res.headers.getSetCookie();
  const headers = [...res.headers].filter(([k]) => k !== "set-cookie" && k !== "content-length");
  const shareable = res.status === 200 && shareableCookies(cookies);
  const isHtml = res.headers.get("content-type")?.startsWith("text/html") ?? false;
  const body =
    shareable && isHtml
      ? Buffer.from(transformHtml(await res.text()))
      : Buffer.from(await res.arrayBuffer());
  // Made once per page and TTL, on the thread pool: the smallest brotli is worth its 0.1 s.
  const [br, gz] = shareable
    ? await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzipAsync(body, { level: 9 }),
      ])
    : [body, body];
  return { status: res.status, headers, body, cookies, br, gzip: gz, shareable };
}

/** The best encoding the client accepts among ours (no q-value parsing: browsers send both). */
export function pickEncoding(acceptEncoding: string | string[] | undefined) {
  const accepted = String(acceptEncoding ?? "");
  if (/\bbr\b/.test(accepted)) return "br" as const;
  if (/\bgzip\b/.test(accepted)) return "gzip" as const;
  return null;
}
