import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import { pickEncoding } from "@maidan/api/lib/shared-json";
import type { CatalogChange } from "@maidan/api/modules/catalog/catalog-changes";
import { newNonce, scriptNonce } from "@maidan/api/plugins/security";
import type { Log } from "@maidan/contracts/log";
import type { AppServices } from "@maidan/contracts/services";
import { SHARED_PAGE_HEADER, SHARED_PAGE_TIMING } from "@maidan/contracts/shared-pages";
import { logger } from "@maidan/observability/log";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RequestHandler, RouterContextProvider, ServerBuild } from "react-router";
import { limitedBody, uploadLimit } from "./body-limit.ts";
import { inlineHeadStream, stylesheetInliner } from "./inline-css.ts";
import {
  type CachedPage,
  createPageCache,
  isFirstAnonymousVisit,
  isPrivateRender,
  isSharedPageCandidate,
  toCachedPage,
} from "./page-cache.ts";
import { createRenderGate } from "./render-gate.ts";

export const STOREFRONT_DIR = fileURLToPath(new URL("../../../storefront", import.meta.url));
// STOREFRONT_BUILD_DIR (as in the storefront's react-router.config.ts): serve a build made
// elsewhere, e.g. a benchmark's own copy that other engineers' rebuilds do not replace mid-run.
export const STOREFRONT_BUILD = resolve(
  STOREFRONT_DIR,
  process.env.STOREFRONT_BUILD_DIR ?? "build",
);

type EntryModule = {
  /** `nonce`: the content-security-policy nonce for the render's inline scripts. */
  createLoadContext: (services: AppServices, nonce?: string) => RouterContextProvider;
  createRequestHandler: (build: ServerBuild, mode?: string) => RequestHandler;
  /** Gives loaders and actions the server's logger (each line with its request's id). */
  connectLog: (log: () => Log) => void;
  firstVisit: {
    cookies: (secure: boolean) => string[];
    onlyGuestCookie: (setCookies: string[]) => boolean;
    variant: (userAgent: string | undefined) => string;
  };
};
export type BuildSource = () => Promise<ServerBuild>;

/** Loads the production server build, or says how to make it. */
export function productionBuild(): BuildSource {
  const file = join(STOREFRONT_BUILD, "server", "index.js");
  if (!existsSync(file)) {
    throw new Error(
      `storefront: no build at ${file}; run \`npm run build\` first (npm start does)`,
    );
  }
  const build = import(file) as Promise<ServerBuild>;
  return () => build;
}

export type MountOptions = {
  services: AppServices;
  /** Subscribes to the catalogue's changes (stock, edits), so cached pages drop what changed. */
  onCatalogChange: (listener: (change: CatalogChange) => void) => () => void;
  build: BuildSource;
  mode: string;
  serveAssets: boolean;
  /**
   * The shop's configured public origin (config.publicUrl). Every page is rendered for a
   * request on this origin, whatever Host or X-Forwarded-* the client sent (decision 025).
   */
  publicUrl: string;
  /** How long a first anonymous visit's page is reused (0: every request renders). */
  pageCacheMs?: number;
  /** The page cache's memory: its pages' bytes in all encodings (default 64 MB). */
  pageCacheBytes?: number;
  /** Page renders at once; the rest wait in line (render-gate.ts). Default 8. */
  renderConcurrency?: number;
};

/**
 * Serves the built client assets and hands every other non-API request to React Router's server
 * renderer with the in-process services as its load context. Pictures (/media, /img) are the
 * API's routes (apps/api/src/api.ts), read through the media storage.
 */
export async function mountStorefront(app: FastifyInstance, opts: MountOptions) {
  const secure = opts.publicUrl.startsWith("https:");
  const pageCache = opts.pageCacheMs
    ? createPageCache(opts.pageCacheMs, 500, opts.pageCacheBytes)
    : null;
  const gate = createRenderGate(opts.renderConcurrency ?? 8);
  // A product's pages go when its stock changes; every page when one sells out or comes back
  // or a product is edited (listings, home and landing tiles show it), or when the catalogue
  // is invalidated.
  opts.onCatalogChange((change) => {
    if (change.kind === "stock" && !change.listings)
      pageCache?.dropPaths(change.slugs.map((slug) => `/${slug}`));
    else pageCache?.clear();
  });
  const inlineCss = stylesheetInliner(join(STOREFRONT_BUILD, "client"));
  if (opts.serveAssets) {
    await app.register(fastifyStatic, {
      root: join(STOREFRONT_BUILD, "client"),
      wildcard: false,
      index: false,
      // The build writes .br/.gz copies (apps/storefront/precompress.ts): sent as they are.
      preCompressed: true,
      // Our setHeaders decides; otherwise `send` writes its own max-age=0 over the immutable one.
      cacheControl: false,
      setHeaders: (res, path) => {
        if (path.includes(`${join("client", "assets")}`)) {
          res.setHeader("cache-control", "public, max-age=31536000, immutable");
        } else {
          res.setHeader("cache-control", "public, max-age=3600");
        }
      },
    });
  }

  // One handler per build: production has one; dev gets a new build after each edit.
  const handlers = new WeakMap<ServerBuild, RequestHandler>();
  const handlerFor = (build: ServerBuild, entry: EntryModule) => {
    const known = handlers.get(build);
    if (known) return known;
    entry.connectLog(logger);
    const created = entry.createRequestHandler(build, opts.mode);
    handlers.set(build, created);
    return created;
  };
  await app.register(async (scope) => {
    // React Router reads the raw body itself (form actions), so Fastify must not parse it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (req, payload, done) => {
      const body = limitedBody(
        req.headers["content-length"],
        payload,
        uploadLimit(req.url) ?? app.initialConfig.bodyLimit ?? 1_048_576,
      );
      if ("error" in body) done(body.error, undefined);
      else done(null, body.stream);
    });
    scope.all("/*", async (req, reply) => {
      // Unknown API paths answer JSON, never a rendered page.
      if (req.url === "/api" || req.url.startsWith("/api/") || req.url.startsWith("/api?")) {
        return reply.callNotFound();
      }
      const build = await opts.build();
      const entry = build.entry.module as unknown as EntryModule;
      const handle = handlerFor(build, entry);
      const key = `${entry.firstVisit.variant(req.headers["user-agent"])} ${req.url}`;
      const renderShared = async () => {
        const leave = await gate.enter();
        // Kept only for this render: a shared page's scripts run by hashes (toCachedPage).
        const nonce = newNonce();
        try {
          return await toCachedPage(
            // Not tied to this client: others wait for the same render. No cookies, so it is
            // rendered for nobody (personal parts empty, a new guest cookie).
            await handle(
              toRequest(req, null, opts.publicUrl, true),
              entry.createLoadContext(opts.services, nonce),
            ),
            entry.firstVisit.onlyGuestCookie,
            inlineCss,
            nonce,
          );
        } finally {
          leave();
        }
      };
      if (pageCache && isFirstAnonymousVisit(req)) {
        const page = await pageCache.get(key, renderShared);
        const cookies = page.shareable ? entry.firstVisit.cookies(secure) : page.cookies;
        return sendCached(reply, page, req, cookies, (encoding) =>
          pageCache.body(key, page, encoding),
        );
      }
      // A visitor with a session or a cart gets the kept page when it is a shared one; the
      // page then asks for their own parts (decision 069).
      const sharedCandidate = pageCache !== null && isSharedPageCandidate(req);
      if (sharedCandidate && pageCache.holds(key)) {
        const page = await pageCache.get(key, renderShared);
        if (page.shareable && page.sharedPage) {
          const body = (encoding: "br" | "gzip" | null) => pageCache.body(key, page, encoding);
          return sendCached(reply, page, req, [], body, true);
        }
      }
      // A client that leaves while waiting in line is not rendered for.
      let gone = false;
      reply.raw.once("close", () => {
        gone = true;
      });
      const leave = await gate.enter();
      if (gone) {
        leave();
        return reply.hijack();
      }
      // Held until the body has gone or the client has: a streamed render lives that long.
      reply.raw.once("close", leave);
      try {
        const response = await handle(
          toRequest(req, reply, opts.publicUrl),
          entry.createLoadContext(opts.services, scriptNonce(reply)),
        );
        // A shared page rendered for one visitor: keep the anonymous render for the next.
        if (sharedCandidate && response.headers.has(SHARED_PAGE_HEADER)) {
          pageCache.get(key, renderShared).catch(() => {});
        }
        response.headers.delete(SHARED_PAGE_HEADER);
        return sendResponse(
          reply,
          response,
          inlineCss,
          isPrivateRender(req, response.headers.getSetCookie()),
        );
      } catch (e) {
        leave();
        throw e;
      }
    });
  });
}

/**
 * The Fetch request React Router renders. Its URL is on the configured origin: loaders build
 * canonical links, share images and return URLs from `request.url`, and a page kept in the page
 * cache must not carry a Host some client made up.
 */
function toRequest(
  req: FastifyRequest,
  reply: FastifyReply | null,
  origin: string,
  anonymous = false,
): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (anonymous && (k === "cookie" || k === "authorization")) continue;
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else if (v !== undefined) headers.set(k, v);
  }
  // Set here, over anything the client sent: login rate limits count per real address.
  headers.set("x-maidan-client-ip", req.ip);
  const controller = new AbortController();
  // The client went away only if the response closed before it finished: a request stream
  // closes (and counts as destroyed) as soon as a form POST's body has been read.
  reply?.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  // An empty POST (a logout button) gets no body stream: an already-ended stream closes
  // before React Router reads it and fails with ERR_STREAM_PREMATURE_CLOSE. Nor does a request
  // that came without a body at all (`OPTIONS /`): no content parser ran, there is no stream.
  const hasBody =
    req.method !== "GET" &&
    req.method !== "HEAD" &&
    req.headers["content-length"] !== "0" &&
    req.body instanceof Readable;
  return new Request(new URL(req.url, origin), {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody
      ? { body: Readable.toWeb(req.body as Readable) as ReadableStream, duplex: "half" }
      : {}),
  });
}

function sendResponse(
  reply: FastifyReply,
  res: Response,
  inlineCss: (html: string) => string,
  privateRender: boolean,
) {
  reply.status(res.status);
  for (const [k, v] of res.headers) {
    if (k !== "set-cookie") reply.header(k, v);
  }
  if (privateRender && !res.headers.has("cache-control")) reply.header("cache-control", "private");
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (!res.body) return reply.send();
  const body = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream);
  // Stylesheets inline in every page's head: no render-blocking request before the first paint.
  if (res.headers.get("content-type")?.startsWith("text/html")) {
    return reply.send(body.pipe(inlineHeadStream(inlineCss)));
  }
  return reply.send(body);
}

/**
 * A page from the cache, compressed as the client accepts. A first visitor gets a guest cookie of
 * their own (`cookies`); a visitor with cookies gets the shared page without one, marked in
 * Server-Timing so it loads their own parts (decision 069, lib/personal.ts).
 */
function sendCached(
  reply: FastifyReply,
  page: CachedPage,
  req: FastifyRequest,
  cookies: string[],
  bodyIn: (encoding: "br" | "gzip" | null) => Buffer,
  shared = false,
) {
  reply.status(page.status);
  for (const [k, v] of page.headers) reply.header(k, v);
  if (page.csp) reply.header("content-security-policy", page.csp);
  if (cookies.length) reply.header("set-cookie", cookies);
  if (shared) reply.header("server-timing", SHARED_PAGE_TIMING);
  if (!page.shareable) return reply.send(page.body);
  reply.header("vary", "Accept-Encoding");
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(bodyIn(encoding));
}
