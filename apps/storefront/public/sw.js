// @ts-check
/// <reference lib="webworker" />
/**
 * The shop's service worker (spec §4: registered from the site root, scope /). Pages and their
 * data: network first, the last visited copy when offline, else the offline page. One shopper's
 * pages and anything the server marks private: network only, never kept. Hashed assets and
 * images: cache first (they never change under the same address).
 */
import { CACHES, LIMITS, OFFLINE_PAGE, storable, strategyFor } from "./sw-strategy.js";

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHES.pages)
      .then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: "reload" })))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  const current = new Set(Object.values(CACHES));
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => !current.has(k)).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("fetch", (event) => {
  const strategy = strategyFor(event.request, sw.location.origin);
  if (!strategy) return;
  if (strategy.kind === "private") {
    event.respondWith(networkOnly(event.request, strategy.cache));
  } else if (strategy.kind === "page" || strategy.kind === "data") {
    event.respondWith(networkFirst(event.request, strategy.cache, strategy.kind === "page"));
  } else {
    event.respondWith(cacheFirst(event.request, strategy.cache));
  }
});

/** @param {Request} request @param {string} name @param {boolean} isPage */
async function networkFirst(request, name, isPage) {
  const cache = await caches.open(name);
  try {
    const response = await fetch(request);
    if (storable(response)) await put(cache, name, request, response.clone());
    return response;
  } catch {
    const cached = await cache.match(request);
    if (cached) return cached;
    if (isPage) return (await cache.match(OFFLINE_PAGE)) ?? Response.error();
    return Response.error();
  }
}

/** A navigation to a private page: the network, else the offline page. @param {Request} request @param {string} name */
async function networkOnly(request, name) {
  try {
    return await fetch(request);
  } catch {
    return (await (await caches.open(name)).match(OFFLINE_PAGE)) ?? Response.error();
  }
}

/** @param {Request} request @param {string} name */
async function cacheFirst(request, name) {
  const cache = await caches.open(name);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await put(cache, name, request, response.clone());
  return response;
}

/** Stores a response and drops the oldest entries past the cache's limit. @param {Cache} cache @param {string} name @param {Request} request @param {Response} response */
async function put(cache, name, request, response) {
  await cache.put(request, response);
  const keys = await cache.keys();
  const limit = LIMITS[name] ?? 100;
  // The offline page is never evicted.
  const evictable = keys.filter((k) => !k.url.endsWith(OFFLINE_PAGE));
  await Promise.all(
    evictable.slice(0, Math.max(0, evictable.length - limit)).map((k) => cache.delete(k)),
  );
}

/**
 * Web push (issue #16): the shop's message as a notification; a tap opens the linked page of the
 * shop, in a tab already showing the shop when there is one.
 */
sw.addEventListener("push", (event) => {
  /** @type {{ title?: string; body?: string; link?: string; tag?: string }} */
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    sw.registration.showNotification(message.title || "Maidan", {
      body: message.body || "",
      tag: message.tag,
      icon: "/favicon.svg",
      data: { link: message.link || "/notifications" },
    }),
  );
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = String(event.notification.data?.link || "/notifications");
  // Only the shop's own pages: a path, never another site.
  const target = new URL(
    link.startsWith("/") && !link.startsWith("//") ? link : "/notifications",
    sw.location.origin,
  );
  event.waitUntil(
    sw.clients.matchAll({ type: "window", includeUncontrolled: true }).then((list) => {
      const open = list.find((c) => new URL(c.url).origin === target.origin);
      // A tab this worker does not control cannot be navigated: a new window then.
      if (open)
        return open
          .navigate(target.href)
          .then((c) => (c ?? open).focus())
          .catch(() => sw.clients.openWindow(target.href));
      return sw.clients.openWindow(target.href);
    }),
  );
});
