import type { ApiDomains } from "@maidan/api/api";
import { createAddressService } from "@maidan/api/modules/addresses/addresses.service";
import { createAuth } from "@maidan/api/modules/auth/auth.service";
import { createCartService } from "@maidan/api/modules/cart/cart.service";
import { createCatalogService } from "@maidan/api/modules/catalog/catalog.service";
import { createSitemap } from "@maidan/api/modules/catalog/sitemap";
import { createContentService } from "@maidan/api/modules/content/content.service";
import { createEvents } from "@maidan/api/modules/events/events";
import { createFreebieService } from "@maidan/api/modules/freebies/freebies.service";
import { createJobs, cronEvery } from "@maidan/api/modules/jobs/jobs";
import { configuredSenders, createMessages } from "@maidan/api/modules/messages/messages";
import { MAX_CODE_RESENDS } from "@maidan/api/modules/orders/cod-confirmation";
import { createCodLimits } from "@maidan/api/modules/orders/cod-limits";
import { defineOrderSweep } from "@maidan/api/modules/orders/order-sweeper";
import { createOrdersService } from "@maidan/api/modules/orders/orders.service";
import type { PaymentGateway } from "@maidan/api/modules/payments/gateways/payment-gateway";
import { setupPayments } from "@maidan/api/modules/payments/payments.plugin";
import { createSiteService } from "@maidan/api/modules/site/site.service";
import { createVoucherService } from "@maidan/api/modules/vouchers/vouchers.service";
import { createWalletService } from "@maidan/api/modules/wallet/wallet.service";
import type { AppServices } from "@maidan/contracts/services";
import { logger } from "@maidan/observability/log";
import type { FastifyInstance } from "fastify";
import type { Runtime } from "./runtime.ts";

export type Domains = ApiDomains & {
  /** What the storefront's loaders and actions call in-process (interfaces of contracts). */
  services: AppServices;
};

export type ComposeOptions = {
  /** Payment gateways besides the registry's (a test adds one, decision 033). */
  extraGateways?: readonly PaymentGateway[];
};

/**
 * The wiring of the domains: each service gets the others it needs, as functions or services,
 * never their repositories. The API's routes get all of it; the storefront gets `services`.
 */
export async function composeDomains(
  app: FastifyInstance,
  { config, database, kv, media }: Omit<Runtime, "close">,
  options: ComposeOptions = {},
): Promise<Domains> {
  const db = database.db;
  // The job queue (pg-boss) in the shop's database; in tests the sweeps run by hand (decision 034).
  const jobs = createJobs(db, {
    url: database.url,
    work: config.JOBS_WORKERS,
    schedules: !config.isTest,
    pollSeconds: config.isTest ? 0.5 : 2,
  });
  const messages = createMessages({ db, jobs, ...configuredSenders(config, db) });
  // Domain events, written in the business transactions and consumed by jobs (decision 035).
  const events = createEvents(jobs);
  const site = createSiteService(db, config.CACHE_TTL_MS);
  const wallet = createWalletService(db);
  const vouchers = createVoucherService(db);
  const carts = createCartService(db, {
    walletBalance: (userId) => wallet.balance(userId),
    vouchers,
    cacheTtlMs: config.CACHE_TTL_MS,
  });
  const auth = createAuth({
    config,
    db,
    kv,
    media,
    settings: () => site.settings(),
    messages,
    carts: {
      forSession: (userId, guestId) => carts.mergeGuest(userId, guestId),
      empty: () => carts.get({ userId: null, guestId: null }),
    },
  });
  const addresses = createAddressService(db);
  const catalog = createCatalogService(db, config.CACHE_TTL_MS);
  const orders = createOrdersService({
    db,
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
    messages,
    events,
    kv,
    publicUrl: config.publicUrl,
    // Cached product pages stop showing the old stock (the catalogue tells the page cache).
    stockChanged: (ids) =>
      void catalog
        .stockChanged(ids)
        .catch((err) => logger().warn({ err }, "catalog: stock change not passed on")),
  });
  const payments = await setupPayments(app, {
    config,
    database,
    kv,
    viewerOf: (r) => auth.service.viewerFromRequest(r),
    extraGateways: options.extraGateways,
  });
  // Online payments reach the orders through their service (awaiting payment, paid, hold released).
  payments.payments.useOrders(orders.payments);
  // A settled attempt is a domain event; a paid checkout's messages consume it.
  payments.payments.useSettled((tx, a) =>
    events.emit(tx, a.status === "paid" ? "payment.paid" : "payment.failed", a.id, {
      gateway: a.gateway,
      purpose: a.purpose,
      checkoutId: a.checkoutId,
      amount: a.amount,
      status: a.status,
    }),
  );
  events.on(["payment.paid"], "order-paid-messages", async (e) => {
    const checkoutId = e.payload.checkoutId;
    if (typeof checkoutId === "string") await orders.payments.paidMessages(checkoutId, e.id);
  });
  // Verified top-ups and refunds to the wallet credit its ledger, once per reference.
  payments.payments.useWallet({
    topUp: (tx, userId, t) => wallet.credit(tx, userId, { ...t, kind: "topup" }),
    // A cancelled order's online payment taken as wallet credit (decision 023).
    refund: (tx, userId, r) => wallet.credit(tx, userId, { ...r, kind: "order_refund" }),
  });
  const content = createContentService(db);
  const freebies = createFreebieService(
    db,
    {
      cartSubtotal: async (userId) => (await carts.get({ userId, guestId: null })).subtotal,
      // Cancelled orders do not count as having ordered.
      hasOrdered: async (userId) =>
        (await orders.listMine(userId, 100)).some((o) => o.status !== "cancelled"),
    },
    config.CACHE_TTL_MS,
  );
  // The sweeps are pg-boss schedules: one run per tick whatever the number of processes.
  defineOrderSweep(jobs, orders, config.ORDER_SWEEP_INTERVAL_MS);
  // Asks gateways about unfinished payments and releases expired holds (their stock).
  jobs.define({
    name: "payments.inquiry",
    singleton: true,
    cron:
      config.PAYMENT_INQUIRY_INTERVAL_MS > 0
        ? cronEvery(config.PAYMENT_INQUIRY_INTERVAL_MS)
        : undefined,
    retryLimit: 0,
    keepSeconds: 24 * 3600,
    handle: () => payments.payments.runInquiries(),
  });
  await jobs.start();
  app.addHook("onClose", () => jobs.stop());
  return {
    config,
    database,
    kv,
    media,
    auth,
    site,
    catalog,
    sitemap: createSitemap(db, site, catalog, config.CACHE_TTL_MS),
    content,
    addresses,
    carts,
    orders,
    payments: payments.payments,
    paymentsHttp: payments,
    wallet,
    vouchers,
    freebies,
    jobs,
    messages,
    events,
    services: {
      site,
      auth: auth.service,
      addresses,
      catalog,
      content,
      carts,
      orders,
      payments: payments.payments,
      wallet,
      vouchers,
      freebies,
    },
  };
}
