import type { ApiDomains } from "@maidan/api/api";
import { type CacheNewsBus, createCacheNews, postgresNews } from "@maidan/api/lib/cache-news";
import { createRecordEditor } from "@maidan/api/lib/record-editor";
import { createAddressService } from "@maidan/api/modules/addresses/addresses.service";
import { record as auditRecord, createAuditService } from "@maidan/api/modules/audit/audit.service";
import { createAuth } from "@maidan/api/modules/auth/auth.service";
import { createCartService } from "@maidan/api/modules/cart/cart.service";
import { createStaffShipping } from "@maidan/api/modules/cart/staff-shipping";
import {
  createAdminProducts,
  productWriter,
} from "@maidan/api/modules/catalog/admin-products.service";
import {
  createCatalogService,
  FACET_COMPACTION_QUEUE,
  SEARCH_CELLS_QUEUE,
  SEARCH_TERMS_RETIRE_QUEUE,
} from "@maidan/api/modules/catalog/catalog.service";
import { type CatalogChange, changeHub } from "@maidan/api/modules/catalog/catalog-changes";
import { createProductImports } from "@maidan/api/modules/catalog/product-imports.service";
import { createSitemap } from "@maidan/api/modules/catalog/sitemap";
import { createStoreDescriptions } from "@maidan/api/modules/catalog/store-descriptions";
import { structureTables } from "@maidan/api/modules/catalog/structure-tables";
import { createBackOffice } from "@maidan/api/modules/checkout/back-office";
import { createCheckout } from "@maidan/api/modules/checkout/checkout.service";
import type { CheckoutDeps } from "@maidan/api/modules/checkout/checkout-deps";
import { MAX_CODE_RESENDS } from "@maidan/api/modules/checkout/cod-confirmation";
import { createCodLimits } from "@maidan/api/modules/checkout/cod-limits";
import { createCourierShipping } from "@maidan/api/modules/checkout/courier-shipping";
import { createDisputes } from "@maidan/api/modules/checkout/disputes";
import {
  createFreebieClaims,
  FREEBIE_EXPIRY_QUEUE,
} from "@maidan/api/modules/checkout/freebie-claims";
import { createOnlinePayment } from "@maidan/api/modules/checkout/online-payment";
import { defineOrderSweep } from "@maidan/api/modules/checkout/order-sweeper";
import { paidMessages } from "@maidan/api/modules/checkout/payment-results";
import { createStaffCustomers } from "@maidan/api/modules/checkout/staff-customers";
import { createStaffDisputes } from "@maidan/api/modules/checkout/staff-disputes";
import { createStaffOrders } from "@maidan/api/modules/checkout/staff-orders";
import { createStaffRefunds } from "@maidan/api/modules/checkout/staff-refunds";
import { createStaffVendors } from "@maidan/api/modules/checkout/staff-vendors";
import { createContentService } from "@maidan/api/modules/content/content.service";
import { contentTables, createStaffContent } from "@maidan/api/modules/content/staff-content";
import { courierSettings } from "@maidan/api/modules/couriers/couriers.config";
import { createCouriers } from "@maidan/api/modules/couriers/couriers.service";
import { createEvents } from "@maidan/api/modules/events/events";
import { createFreebieService } from "@maidan/api/modules/freebies/freebies.service";
import { createStaffFreebies } from "@maidan/api/modules/freebies/staff-freebies";
import { createJobs, cronEvery } from "@maidan/api/modules/jobs/jobs";
import {
  createLuckyDraw,
  defineLuckyDrawRun,
  LUCKY_DRAW_CONSUMER,
} from "@maidan/api/modules/lucky-draw/lucky-draw.service";
import { createMediaCleanup, type MediaCleanup } from "@maidan/api/modules/media/media-cleanup";
import { configuredSenders, createMessages } from "@maidan/api/modules/messages/messages";
import { createNotifications } from "@maidan/api/modules/notifications/notifications.service";
import { NOTIFIED_EVENTS } from "@maidan/api/modules/notifications/notify-events";
import { createPushSender, vapidKeys } from "@maidan/api/modules/notifications/web-push";
import { createOrdersService } from "@maidan/api/modules/orders/order-records.service";
import { fetchHttp, routedHttp } from "@maidan/api/modules/payments/gateways/http";
import type { PaymentGateway } from "@maidan/api/modules/payments/gateways/payment-gateway";
import { injectHttp, setupPayments } from "@maidan/api/modules/payments/payments.plugin";
import type { OrderPayments } from "@maidan/api/modules/payments/payments.ports";
import { createStaffPromotions } from "@maidan/api/modules/promotions/staff-promotions";
import { createReferrals } from "@maidan/api/modules/referrals/referrals.service";
import { createReviews } from "@maidan/api/modules/reviews/reviews.service";
import { createSiteService } from "@maidan/api/modules/site/site.service";
import { createStaffSettings } from "@maidan/api/modules/site/staff-settings";
import { createVendorApplications } from "@maidan/api/modules/vendors/vendor-applications.service";
import { createStaffVouchers } from "@maidan/api/modules/vouchers/staff-vouchers";
import { createVoucherService } from "@maidan/api/modules/vouchers/vouchers.service";
import { createWalletService } from "@maidan/api/modules/wallet/wallet.service";
import {
  createWishlistWatch,
  defineWishlistWatch,
} from "@maidan/api/modules/wishlists/wishlist-watch";
import { createWishlistService } from "@maidan/api/modules/wishlists/wishlists.service";
import type { AppServices } from "@maidan/contracts/services";
import type { FastifyInstance } from "fastify";

/** The courier tracking schedule's queue. */
export const COURIER_TRACK_QUEUE = "couriers.track";

import type { Runtime } from "./runtime.ts";

export type Domains = ApiDomains & {
  /** What the storefront's loaders and actions call in-process (interfaces of contracts). */
  services: AppServices;
  /** Cache news across instances (decision 041): publish after a change has committed. */
  news: CacheNewsBus;
  /**
   * What whole cached pages must follow: the catalogue's changes, and a settings change (as
   * `all`: every page shows the settings). The storefront's page cache subscribes.
   */
  onPagesChange: (listener: (change: CatalogChange) => void) => () => void;
  /** Price drops and returns to stock of wishlisted products (tests run it by hand). */
  wishlistWatch: ReturnType<typeof createWishlistWatch>;
  /** Removal of uploaded pictures no record names any more (decision 065). */
  mediaCleanup: MediaCleanup;
};

export type ComposeOptions = {
  /** Payment gateways besides the registry's (a test adds one, decision 033). */
  extraGateways?: readonly PaymentGateway[];
  /**
   * Stands in for the checkout's side of online payment (payments.int.test.ts records what
   * payments asks of it, to test the payment layer on its own).
   */
  paymentsOrders?: OrderPayments;
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
  // With caching off there is nothing to keep in step: no LISTEN connection.
  const news = createCacheNews({
    transport: config.CACHE_TTL_MS > 0 ? postgresNews(database) : null,
  });
  app.addHook("onClose", () => news.close());
  // The job queue (pg-boss) in the shop's database; in tests the sweeps run by hand (decision 034).
  const jobs = createJobs(db, {
    url: database.url,
    work: config.JOBS_WORKERS,
    schedules: !config.isTest,
    // A login or COD code waits at most this long for its SMS job to start.
    pollSeconds: config.isTest ? 0.5 : 1,
  });
  const messages = createMessages({ db, jobs, ...configuredSenders(config, db) });
  // A write that lets go of an uploaded picture queues its removal in its transaction (decision 065).
  const mediaCleanup = createMediaCleanup({ db, jobs, media });
  const dropPictures = mediaCleanup.drop;
  // Domain events, written in the business transactions and consumed by jobs (decision 035).
  const events = createEvents(jobs);
  const site = createSiteService(db, config.CACHE_TTL_MS);
  const wallet = createWalletService(db);
  const vouchers = createVoucherService(db);
  const orders = createOrdersService(db);
  // The referral programme (decision 055): linked at sign-up, credited by delivered orders.
  const referrals = createReferrals({
    db,
    settingsChanged: (tx, c) =>
      auditRecord(tx, {
        ...c,
        recordType: "settings",
        recordId: "referrals",
        action: "referral_settings",
      }),
    wallet,
    events,
    publicUrl: config.publicUrl,
    orders: { facts: (id) => orders.facts(id), whoOrdered: (ids) => orders.whoOrdered(ids) },
  });
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
    dropPictures,
    settings: () => site.settings(),
    messages,
    accountCreated: (tx, user, code) => (code ? referrals.link(tx, user, code) : Promise.resolve()),
    carts: {
      forSession: (userId, guestId) => carts.mergeGuest(userId, guestId),
      empty: () => carts.get({ userId: null, guestId: null }),
    },
  });
  const addresses = createAddressService(db);
  const catalog = createCatalogService(db, config.CACHE_TTL_MS, config.CATALOG_CACHE_MB * 2 ** 20, {
    askSearchCells: (term) =>
      jobs.enqueue(db, SEARCH_CELLS_QUEUE, { term }, { singletonKey: term }),
  });
  const checkoutDeps: CheckoutDeps = {
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
    // Here at once and on the other instances within a second (decision 041): the catalogue
    // drops what showed those products and tells the page cache.
    stockChanged: (ids) => news.publish({ kind: "stock", productIds: ids }),
  };
  // Payments is made with the checkout's side of online payment (placing awaiting payment, and
  // what a verified result does to the orders), which needs nothing of payments; the checkout
  // workflow is then made with payments' service. Neither is plugged into the other later.
  const payments = await setupPayments(app, {
    config,
    database,
    kv,
    viewerOf: (r) => auth.service.viewerFromRequest(r),
    extraGateways: options.extraGateways,
    orders: options.paymentsOrders ?? createOnlinePayment(checkoutDeps),
    // A settled attempt is a domain event, in its transaction (decision 035).
    settled: (tx, a, ordersPaid) =>
      events.emit(tx, a.status === "paid" ? "payment.paid" : "payment.failed", a.id, {
        gateway: a.gateway,
        purpose: a.purpose,
        checkoutId: a.checkoutId,
        amount: a.amount,
        status: a.status,
        ordersPaid,
      }),
    // Verified top-ups and refunds to the wallet credit its ledger, once per reference.
    wallet: {
      topUp: (tx, userId, t) => wallet.credit(tx, userId, { ...t, kind: "topup" }),
      // A cancelled order's online payment taken as wallet credit (decision 023).
      refund: (tx, userId, r) => wallet.credit(tx, userId, { ...r, kind: "order_refund" }),
    },
  });
  const checkout = createCheckout({ ...checkoutDeps, orders, payments: payments.payments });
  const staffOrders = createStaffOrders({ ...checkoutDeps, orders, payments: payments.payments });
  // Couriers: live by configuration, else their sandboxes, reached in-process (decision 045).
  const couriers = createCouriers({
    db,
    settings: courierSettings(config),
    http: routedHttp(
      injectHttp(app, config.COURIER_TIMEOUT_MS),
      fetchHttp(config.COURIER_TIMEOUT_MS),
    ),
  });
  const courierShipping = createCourierShipping({ couriers, staffOrders });
  const staffRefunds = createStaffRefunds({ ...checkoutDeps, payments: payments.payments });
  const staffCustomers = createStaffCustomers({ db, wallet, addresses });
  // Vendor applications and call-backs (decision 053); an approval opens a store page.
  const vendorApplications = createVendorApplications({ db, kv, messages, media });
  const staffVendors = createStaffVendors({
    db,
    events,
    messages,
    media,
    publicUrl: config.publicUrl,
    storesChanged: () => news.publish({ kind: "catalog" }),
  });
  // Disputes (decision 052): refunds through the staff refunds' code, replacements take stock.
  const disputes = createDisputes({
    db,
    media,
    kv,
    events,
    windowDays: config.DISPUTE_WINDOW_DAYS,
  });
  const staffDisputes = createStaffDisputes({
    db,
    events,
    staffRefunds,
    stockChanged: checkoutDeps.stockChanged,
  });
  // The shopper hears of a payment that paid their orders once (payment-results.ts).
  const sendPaid = paidMessages(checkoutDeps);
  events.on(["payment.paid"], "order-paid-messages", async (e) => {
    const { checkoutId, ordersPaid } = e.payload;
    if (ordersPaid === true && typeof checkoutId === "string") await sendPaid(checkoutId, e.id);
  });
  // In-app notifications and web push, from the domain events (decision 049).
  const notifications = createNotifications({
    db,
    jobs,
    orders: { order: (id) => orders.facts(id), checkout: (id) => orders.checkoutFacts(id) },
    push: createPushSender(vapidKeys(config), config.PUSH_TIMEOUT_MS),
    allowHttpEndpoints: config.PUSH_ALLOW_HTTP ?? !config.isProduction,
  });
  // A guest's order tells no one in-app: it costs the order's transaction no job (decision 034).
  events.on([...NOTIFIED_EVENTS], "notifications", (e) => notifications.onEvent(e), {
    when: (e) => !(e.name === "order.placed" && e.payload.userId === null),
  });
  // Every user's order may be a referred friend's: the consumer finds out (a lookup by id).
  events.on(["order.delivered"], "referral-rewards", (e) => referrals.onDelivered(e));
  events.on(["order.refunded"], "referral-reversals", (e) => referrals.onRefunded(e));
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
  // A claim takes its freebie's unit from stock; the next qualifying order carries it (decision 057).
  const freebieClaims = createFreebieClaims({
    db,
    freebies,
    stockChanged: checkoutDeps.stockChanged,
    events,
  });
  // Claims that waited too long for an order give their units back (decision 057 addendum).
  jobs.define({
    name: FREEBIE_EXPIRY_QUEUE,
    singleton: true,
    cron: config.isTest ? undefined : cronEvery(60 * 60_000),
    retryLimit: 0,
    keepSeconds: 24 * 3600,
    handle: () => freebieClaims.expireStale(config.FREEBIE_CLAIM_DAYS),
  });
  // Facet counts read the cells plus the changes not yet folded in; this folds them (decision 066).
  jobs.define({
    name: FACET_COMPACTION_QUEUE,
    singleton: true,
    cron: config.isTest ? undefined : cronEvery(60_000),
    retryLimit: 0,
    keepSeconds: 3600,
    handle: () => catalog.compactFacets(),
  });
  // A frequent search's own facet cells (decision 073), asked for by the search that counted.
  jobs.define<{ term: string }>({
    name: SEARCH_CELLS_QUEUE,
    retryLimit: 3,
    keepSeconds: 3600,
    handle: ({ term }) => catalog.buildSearchCells(term),
  });
  // Searches nobody makes any more give their cells back (decision 074).
  jobs.define({
    name: SEARCH_TERMS_RETIRE_QUEUE,
    singleton: true,
    cron: config.isTest ? undefined : cronEvery(60 * 60_000),
    retryLimit: 0,
    keepSeconds: 24 * 3600,
    handle: () => catalog.retireSearchTerms(),
  });
  const pages = changeHub();
  catalog.onChange((change) => {
    // Home rows, category and landing pages show tiles with their stock too.
    if (change.kind !== "stock" || change.listings) site.dropTiles();
    pages.emit(change);
  });
  // The lucky draw (decision 056): delivered orders earn entries, a job runs each draw once.
  const luckyDraw = createLuckyDraw({
    db,
    jobs,
    events,
    messages,
    credit: (tx, userId, e) => wallet.credit(tx, userId, e),
    rupeesPerEntry: config.LUCKY_DRAW_RUPEES_PER_ENTRY,
    publicUrl: config.publicUrl,
  });
  events.on(["order.delivered"], LUCKY_DRAW_CONSUMER, (e) => luckyDraw.onDelivered(e));
  // A refund after delivery shrinks (or removes) the order's entries in open draws.
  events.on(["order.refunded"], "lucky-draw-refunds", (e) => luckyDraw.onRefunded(e));
  defineLuckyDrawRun(jobs, luckyDraw);
  const wishlists = createWishlistService(db);
  const wishlistWatch = createWishlistWatch({ db, events });
  news.on(async (n, from) => {
    // Back in stock is found by the wishlist watch's schedule, not here: stock news comes with
    // every order, and a watch queued per order cost each order a job (decision 050).
    if (n.kind === "stock") await catalog.stockChanged(n.productIds);
    // A back-office edit or an import: those products, listings and search; the writer also
    // brings the shared search vocabulary up to date (soon, once for a burst of edits).
    else if (n.kind === "products")
      await catalog.productsChanged(n.productIds, { vocabulary: from === "here" });
    else if (n.kind === "catalog") {
      // The writer rebuilds the shared search vocabulary; the others only drop their copies.
      if (from === "here") catalog.invalidate();
      else catalog.forget();
      site.invalidate();
    } else if (n.kind === "marketing") {
      carts.invalidatePricing();
      freebies.forget();
      // First visits' cached pages show campaigns (/freebies) and may show promotions.
      pages.emit({ kind: "all" });
    } else {
      site.invalidate();
      pages.emit({ kind: "all" });
    }
  });
  // Listening before the first request, so no news is missed (a failure is logged; it retries).
  await news.ready;
  // The sweeps are pg-boss schedules: one run per tick whatever the number of processes.
  defineOrderSweep(jobs, checkout, config.ORDER_SWEEP_INTERVAL_MS);
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
  // Asks the couriers where shipped parcels are; delivered ones are delivered (decision 045).
  jobs.define({
    name: COURIER_TRACK_QUEUE,
    singleton: true,
    cron:
      config.COURIER_TRACK_INTERVAL_MS > 0
        ? cronEvery(config.COURIER_TRACK_INTERVAL_MS)
        : undefined,
    retryLimit: 0,
    keepSeconds: 24 * 3600,
    handle: () => courierShipping.trackShipped(),
  });
  // Price drops and returns to stock of wishlisted products, at most daily per shopper (#16).
  defineWishlistWatch(jobs, wishlistWatch, config.isTest ? undefined : cronEvery(15 * 60_000));
  // Product CSV imports (decision 063): batches on the queue; each batch drops the catalogue's
  // caches, pages and sitemap on every instance.
  const productImports = createProductImports({
    db,
    jobs,
    catalogChanged: (ids) => news.publish({ kind: "products", productIds: ids }),
    saveProduct: productWriter(auditRecord).saveProduct,
  });
  await jobs.start();
  const audit = createAuditService(db);
  const backOffice = createBackOffice({ db, jobs, audit });
  // Reviews (decision 051): a product's changed rating reaches the caches like a stock change.
  const reviews = createReviews({
    db,
    kv,
    media,
    events,
    audit: auditRecord,
    dropFiles: mediaCleanup.dropFiles,
    ratingsChanged: (ids) => news.publish({ kind: "stock", productIds: ids }),
    cacheTtlMs: config.CACHE_TTL_MS,
  });
  // Another instance's review change arrives as stock news (it already dropped its own copies).
  news.on((n, from) => {
    if (from === "here") return;
    if (n.kind === "stock") reviews.forget(n.productIds);
    else if (n.kind === "catalog") reviews.forget("all");
  });
  // Categories, brands, stores, banners, landing, pages, help (decision 062): every instance's
  // caches follow a change (banners come with the settings; the rest as a catalogue change).
  const recordEditor = createRecordEditor({
    db,
    mediaExists: (key) => media.exists(key),
    dropPictures,
    audit: auditRecord,
    changed: (what) => news.publish({ kind: what }),
  });
  const structure = structureTables(db);
  const staffContent = createStaffContent(
    recordEditor,
    {
      ...structure,
      ...contentTables({
        categoryNamed: async (slug) => {
          const all = (await catalog.categoryTree()).flatMap(function flat(n): (typeof n)[] {
            return [n, ...n.children.flatMap(flat)];
          });
          return all.find((c) => c.slug === slug)?.name ?? null;
        },
      }),
    },
    createStoreDescriptions(recordEditor, structure.stores),
    media,
  );
  // The back-office's catalogue (decision 060): a product change drops every instance's
  // catalogue caches, pages and sitemap; a stock adjustment what showed that product's stock.
  const adminProducts = createAdminProducts({
    db,
    media,
    dropPictures,
    audit: auditRecord,
    catalogChanged: (ids) => news.publish({ kind: "products", productIds: ids }),
    stockChanged: (ids) => news.publish({ kind: "stock", productIds: ids }),
  });
  // Marketing and settings in the back-office (decision 061): a saved setting reaches every
  // instance's settings and cached pages through the cache news.
  const marketing = {
    staffVouchers: createStaffVouchers({ db, audit: auditRecord }),
    // The cart keeps the live promotions for CACHE_TTL_MS: the news drops them everywhere.
    staffPromotions: createStaffPromotions({
      db,
      audit: auditRecord,
      changed: () => news.publish({ kind: "marketing" }),
    }),
    staffSettings: createStaffSettings({
      db,
      audit: auditRecord,
      changed: () => news.publish({ kind: "settings" }),
    }),
    staffFreebies: createStaffFreebies({
      db,
      audit: auditRecord,
      changed: () => news.publish({ kind: "marketing" }),
      mediaExists: (key) => media.exists(key),
      dropPictures,
    }),
    // The cart's shipping charges and every page's default shipping line.
    staffShipping: createStaffShipping({
      db,
      audit: auditRecord,
      changed: () => {
        news.publish({ kind: "marketing" });
        news.publish({ kind: "settings" });
      },
    }),
  };
  app.addHook("onClose", () => jobs.stop());
  return {
    adminProducts,
    config,
    database,
    kv,
    media,
    auth,
    site,
    catalog,
    sitemap: createSitemap(db, site, catalog, config.CACHE_TTL_MS),
    news,
    onPagesChange: (listener) => pages.on(listener),
    content,
    staffContent,
    addresses,
    carts,
    orders,
    payments: payments.payments,
    paymentsHttp: payments,
    checkout,
    staffOrders,
    staffRefunds,
    staffCustomers,
    productImports,
    disputes,
    staffDisputes,
    audit,
    couriers,
    courierShipping,
    wallet,
    vouchers,
    freebies,
    freebieClaims,
    wishlists,
    wishlistWatch,
    mediaCleanup,
    referrals,
    jobs,
    messages,
    events,
    backOffice,
    vendorApplications,
    staffVendors,
    reviews,
    notifications,
    luckyDraw,
    ...marketing,
    services: {
      site,
      auth: auth.service,
      addresses,
      catalog,
      content,
      adminContent: staffContent,
      carts,
      // The shopper's order calls are the checkout workflow's (contracts' OrdersService).
      orders: checkout,
      adminOrders: staffOrders,
      adminCouriers: courierShipping,
      adminRefunds: staffRefunds,
      adminCustomers: staffCustomers,
      disputes,
      adminDisputes: staffDisputes,
      adminOverview: backOffice,
      reviews: reviews.shopper,
      adminReviews: reviews.staff,
      payments: payments.payments,
      wallet,
      vouchers,
      freebies,
      freebieClaims,
      adminFreebieClaims: freebieClaims.staff,
      vendorApplications,
      adminVendors: staffVendors,
      notifications,
      wishlists,
      luckyDraw: luckyDraw.shopper,
      adminLuckyDraws: luckyDraw.staff,
      referrals,
      adminReferrals: referrals.staff,
      productImports,
      adminProducts,
      adminVouchers: marketing.staffVouchers,
      adminPromotions: marketing.staffPromotions,
      adminSettings: marketing.staffSettings,
      adminShipping: marketing.staffShipping,
      adminFreebies: marketing.staffFreebies,
    },
  };
}
