import { join } from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import type { Config } from "@maidan/config/config";
import type { Database } from "@maidan/db/database";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Kv } from "./lib/kv.ts";
import { addressRoutes } from "./modules/addresses/addresses.routes.ts";
import { createAddressService } from "./modules/addresses/addresses.service.ts";
import { registerAuth } from "./modules/auth/auth.plugin.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { createAuth } from "./modules/auth/auth.service.ts";
import { devPagesRoutes } from "./modules/auth/dev-pages.routes.ts";
import { oauthRoutes } from "./modules/auth/oauth.routes.ts";
import { usersRoutes } from "./modules/auth/users.routes.ts";
import { cartRoutes } from "./modules/cart/cart.routes.ts";
import { createCartService } from "./modules/cart/cart.service.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { createCatalogService } from "./modules/catalog/catalog.service.ts";
import { sitemapRoutes } from "./modules/catalog/sitemap.routes.ts";
import { createSitemap } from "./modules/catalog/sitemap.ts";
import { contentRoutes } from "./modules/content/content.routes.ts";
import { createContentService } from "./modules/content/content.service.ts";
import { freebieRoutes } from "./modules/freebies/freebies.routes.ts";
import { createFreebieService } from "./modules/freebies/freebies.service.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { imageRoutes } from "./modules/media/image.routes.ts";
import { mediaRoutes } from "./modules/media/media.routes.ts";
import { createMediaStorage, type MediaStorage } from "./modules/media/media-storage.ts";
import { MAX_CODE_RESENDS } from "./modules/orders/cod-confirmation.ts";
import { createCodLimits } from "./modules/orders/cod-limits.ts";
import { startOrderSweeper } from "./modules/orders/order-sweeper.ts";
import { orderRoutes } from "./modules/orders/orders.routes.ts";
import { createOrdersService } from "./modules/orders/orders.service.ts";
import { setupPayments } from "./modules/payments/payments.plugin.ts";
import { PAYMENT_CALLBACK_PATHS } from "./modules/payments/payments.routes.ts";
import { siteRoutes } from "./modules/site/site.routes.ts";
import { createSiteService } from "./modules/site/site.service.ts";
import { voucherRoutes } from "./modules/vouchers/vouchers.routes.ts";
import { createVoucherService } from "./modules/vouchers/vouchers.service.ts";
import { walletRoutes } from "./modules/wallet/wallet.routes.ts";
import { createWalletService } from "./modules/wallet/wallet.service.ts";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "./plugins/errors.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerRequestGuards } from "./plugins/request-guards.ts";
import { registerSecurity } from "./plugins/security.ts";
import type { AppServices } from "./services.ts";

export type AppDeps = {
  config: Config;
  database: Database;
  kv: Kv;
  /** Where pictures are kept; made from the config (and closed with the app) when not given. */
  media?: MediaStorage;
};
export type App = FastifyInstance & { services: AppServices };

/**
 * The API: third-party plugins, then the app's services, then the route folders under /api.
 * The storefront is mounted separately (see storefront.ts) so tests can build the API alone.
 */
export async function buildApp({ config, database, kv, media: given }: AppDeps): Promise<App> {
  const app = Fastify({
    logger: config.LOG_LEVEL === "silent" ? false : { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestGuards(app);
  registerSecurity(app, {
    siteOrigins: config.siteOrigins,
    behindTls: config.publicUrl.startsWith("https:"),
    // Banks post their results back cross-site, without our cookie (payments verify them instead).
    crossSiteAllowed: (url) => PAYMENT_CALLBACK_PATHS.some((p) => url.split("?")[0] === p),
  });
  await app.register(cookie);
  await app.register(formbody);
  // Brotli or gzip for text responses over 1 KB (pages, JSON, CSS, JS); images pass through.
  // Pages for first anonymous visits come compressed from the page cache (storefront.ts).
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });
  await registerOpenApi(app);
  const media = given ?? createMediaStorage(config);
  if (!given) app.addHook("onClose", async () => media.close());

  const site = createSiteService(database.db, config.CACHE_TTL_MS);
  const wallet = createWalletService(database.db);
  const vouchers = createVoucherService(database.db);
  const carts = createCartService(database.db, {
    walletBalance: (userId) => wallet.balance(userId),
    vouchers,
    cacheTtlMs: config.CACHE_TTL_MS,
  });
  const auth = createAuth({
    config,
    db: database.db,
    kv,
    media,
    settings: () => site.settings(),
    carts: {
      forSession: (userId, guestId) => carts.mergeGuest(userId, guestId),
      empty: () => carts.get({ userId: null, guestId: null }),
    },
  });
  const addresses = createAddressService(database.db);
  const catalog = createCatalogService(database.db, config.CACHE_TTL_MS);
  const orders = createOrdersService({
    db: database.db,
    carts,
    addresses,
    guestCheckout: async () => (await site.settings()).guestLogin,
    accountEmail: (userId) =>
      auth.service.me(userId).then(
        (u) => u.email ?? null,
        () => null,
      ),
    wallet,
    vouchers,
    secret: config.jwtSecret,
    codConfirmation: config.COD_CONFIRMATION,
    confirmMinutes: config.COD_CONFIRM_MINUTES,
    codLimits: createCodLimits(
      kv,
      {
        orders: config.COD_HOLD_ORDERS,
        units: config.COD_HOLD_UNITS,
        ipOrders: config.COD_HOLD_IP_ORDERS,
        ipUnits: config.COD_HOLD_IP_UNITS,
        smsPerHour: config.COD_SMS_PER_HOUR,
        smsIpPerHour: config.COD_SMS_IP_PER_HOUR,
      },
      // As long as an unconfirmed order can wait: its deadline moves on with each new code.
      (config.COD_CONFIRM_MINUTES * (1 + MAX_CODE_RESENDS) + 10) * 60,
    ),
    sms: auth.sms,
    mailer: auth.mailer,
    kv,
    publicUrl: config.publicUrl,
    log: (m) => app.log.warn(m),
    // Cached product pages stop showing the old stock (the catalogue tells the page cache).
    stockChanged: (ids) =>
      void catalog.stockChanged(ids).catch((e) => app.log.warn(`catalog: stock change: ${e}`)),
  });
  const payments = await setupPayments(app, { config, database, kv });
  // Online payments reach the orders through their service (awaiting payment, paid, hold released).
  payments.payments.useOrders(orders.payments);
  // Verified top-ups and refunds to the wallet credit its ledger, once per reference.
  payments.payments.useWallet({
    topUp: (tx, userId, t) => wallet.credit(tx, userId, { ...t, kind: "topup" }),
    // A cancelled order's online payment taken as wallet credit (decision 023).
    refund: (tx, userId, r) => wallet.credit(tx, userId, { ...r, kind: "order_refund" }),
  });
  const services: AppServices = {
    site,
    auth: auth.service,
    addresses,
    catalog,
    content: createContentService(database.db),
    carts,
    orders,
    payments: payments.payments,
    wallet,
    vouchers,
    freebies: createFreebieService(
      database.db,
      {
        cartSubtotal: async (userId) => (await carts.get({ userId, guestId: null })).subtotal,
        // Cancelled orders do not count as having ordered.
        hasOrdered: async (userId) =>
          (await orders.listMine(userId, 100)).some((o) => o.status !== "cancelled"),
      },
      config.CACHE_TTL_MS,
    ),
  };
  // Tests run the expiry by hand (orders.expireUnconfirmed); a server sweeps on an interval.
  if (!config.isTest) startOrderSweeper(app, orders, config.ORDER_SWEEP_INTERVAL_MS);
  app.decorate("services", services);

  await app.register(
    async (api) => {
      // First: every /api route after it sees req.viewer (user or null, and the guest id).
      registerAuth(api, auth);
      await api.register(healthRoutes, { database, kv });
      await api.register(authRoutes, { auth });
      await api.register(usersRoutes, { auth });
      await api.register(oauthRoutes, { auth, publicUrl: config.publicUrl });
      await api.register(addressRoutes, { addresses: services.addresses });
      await api.register(siteRoutes, { site: services.site });
      await api.register(catalogRoutes, { catalog: services.catalog });
      await api.register(contentRoutes, { content: services.content });
      await api.register(cartRoutes, { carts });
      await api.register(orderRoutes, { orders });
      await api.register(walletRoutes, { wallet });
      await api.register(voucherRoutes, { vouchers });
      await api.register(freebieRoutes, { freebies: services.freebies });
      await api.register(payments.routes, { payments: payments.payments });
    },
    { prefix: "/api" },
  );
  // Root paths: they outrank the storefront's catch-all, which is mounted after the API.
  await app.register(sitemapRoutes, {
    sitemap: createSitemap(database.db, services.site, services.catalog, config.CACHE_TTL_MS),
    publicUrl: config.publicUrl,
  });
  // The sandbox payment gateways, for gateways not configured live (issue #6).
  await payments.registerSandboxes();
  // The dev outbox and the Facebook sandbox are pages, outside /api.
  await app.register(devPagesRoutes, { auth });
  // Pictures live beside the storefront's pages, outside /api (they are not JSON): originals
  // from the media storage, resized ones from this instance's disk cache.
  await app.register(mediaRoutes, { storage: media });
  await app.register(imageRoutes, {
    storage: media,
    cacheDir: join(config.dataDir, "cache", "img"),
  });
  return app as unknown as App;
}
