import { join } from "node:path";
import type { Config } from "@maidan/config/config";
import type { AddressService } from "@maidan/contracts/addresses";
import type { AdminContentService } from "@maidan/contracts/admin-content";
import type { AdminOverviewService } from "@maidan/contracts/admin-dashboard";
import type { AdminFreebieCampaignsService } from "@maidan/contracts/admin-freebies";
import type { AdminPromotionsService } from "@maidan/contracts/admin-promotions";
import type { AdminSettingsService } from "@maidan/contracts/admin-settings";
import type { AdminShippingService } from "@maidan/contracts/admin-shipping";
import type { AdminVouchersService } from "@maidan/contracts/admin-vouchers";
import type { ContentService } from "@maidan/contracts/content";
import type { AdminDisputesService, DisputesService } from "@maidan/contracts/disputes";
import type { FreebieService } from "@maidan/contracts/freebies";
import type { SiteService } from "@maidan/contracts/services";
import type {
  AdminVendorApplicationsService,
  VendorApplicationsService,
} from "@maidan/contracts/vendor-applications";
import type { WishlistService } from "@maidan/contracts/wishlists";
import type { Database } from "@maidan/db/database";
import type { FastifyInstance } from "fastify";
import type { Kv } from "./lib/kv.ts";
import { addressRoutes } from "./modules/addresses/addresses.routes.ts";
import { auditRoutes } from "./modules/audit/audit.routes.ts";
import type { AuditServiceImpl } from "./modules/audit/audit.service.ts";
import { registerAuth } from "./modules/auth/auth.plugin.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import type { Auth } from "./modules/auth/auth.service.ts";
import { devPagesRoutes } from "./modules/auth/dev-pages.routes.ts";
import { oauthRoutes } from "./modules/auth/oauth.routes.ts";
import { usersRoutes } from "./modules/auth/users.routes.ts";
import { adminShippingRoutes } from "./modules/cart/admin-shipping.routes.ts";
import { cartRoutes } from "./modules/cart/cart.routes.ts";
import type { CartServiceImpl } from "./modules/cart/cart.service.ts";
import { adminProductsRoutes } from "./modules/catalog/admin-products.routes.ts";
import type { AdminProductsImpl } from "./modules/catalog/admin-products.service.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import type { CatalogServiceImpl } from "./modules/catalog/catalog.service.ts";
import { productImportsRoutes } from "./modules/catalog/product-imports.routes.ts";
import type { ProductImportsImpl } from "./modules/catalog/product-imports.service.ts";
import { sitemapRoutes } from "./modules/catalog/sitemap.routes.ts";
import type { Sitemap } from "./modules/catalog/sitemap.ts";
import { adminCouriersRoutes } from "./modules/checkout/admin-couriers.routes.ts";
import { adminCustomersRoutes } from "./modules/checkout/admin-customers.routes.ts";
import { adminOrdersRoutes } from "./modules/checkout/admin-orders.routes.ts";
import { adminVendorsRoutes } from "./modules/checkout/admin-vendors.routes.ts";
import { backOfficeRoutes } from "./modules/checkout/back-office.routes.ts";
import { checkoutRoutes } from "./modules/checkout/checkout.routes.ts";
import type { CheckoutServiceImpl } from "./modules/checkout/checkout.service.ts";
import type { CourierShippingImpl } from "./modules/checkout/courier-shipping.ts";
import { adminDisputesRoutes, disputesRoutes } from "./modules/checkout/disputes.routes.ts";
import type { FreebieClaimsImpl } from "./modules/checkout/freebie-claims.ts";
import type { StaffCustomersImpl } from "./modules/checkout/staff-customers.ts";
import type { StaffOrdersImpl } from "./modules/checkout/staff-orders.ts";
import type { StaffRefundsImpl } from "./modules/checkout/staff-refunds.ts";
import { adminContentRoutes } from "./modules/content/admin-content.routes.ts";
import { contentRoutes } from "./modules/content/content.routes.ts";
import type { CouriersImpl } from "./modules/couriers/couriers.service.ts";
import { courierSandboxRoutes } from "./modules/couriers/sandbox/couriers-sandbox.routes.ts";
import type { Events } from "./modules/events/events.ts";
import { adminFreebiesRoutes } from "./modules/freebies/admin-freebies.routes.ts";
import { freebieRoutes } from "./modules/freebies/freebies.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { metricsRoutes } from "./modules/health/metrics.routes.ts";
import { jobsRoutes } from "./modules/jobs/jobs.routes.ts";
import type { Jobs } from "./modules/jobs/jobs.ts";
import { luckyDrawRoutes } from "./modules/lucky-draw/lucky-draw.routes.ts";
import type { LuckyDrawImpl } from "./modules/lucky-draw/lucky-draw.service.ts";
import { imageRoutes } from "./modules/media/image.routes.ts";
import { mediaRoutes } from "./modules/media/media.routes.ts";
import type { MediaStorage } from "./modules/media/media-storage.ts";
import type { Messages } from "./modules/messages/messages.ts";
import { notificationRoutes } from "./modules/notifications/notifications.routes.ts";
import type { NotificationsImpl } from "./modules/notifications/notifications.service.ts";
import type { OrdersServiceImpl } from "./modules/orders/order-records.service.ts";
import type { PaymentsSetup } from "./modules/payments/payments.plugin.ts";
import type { PaymentsServiceImpl } from "./modules/payments/payments.service.ts";
import { adminPromotionsRoutes } from "./modules/promotions/admin-promotions.routes.ts";
import { referralRoutes } from "./modules/referrals/referrals.routes.ts";
import type { ReferralsImpl } from "./modules/referrals/referrals.service.ts";
import { reviewsRoutes } from "./modules/reviews/reviews.routes.ts";
import type { ReviewsImpl } from "./modules/reviews/reviews.service.ts";
import { adminSettingsRoutes } from "./modules/site/admin-settings.routes.ts";
import { siteRoutes } from "./modules/site/site.routes.ts";
import { vendorApplicationRoutes } from "./modules/vendors/vendor-applications.routes.ts";
import { adminVouchersRoutes } from "./modules/vouchers/admin-vouchers.routes.ts";
import { voucherRoutes } from "./modules/vouchers/vouchers.routes.ts";
import type { VoucherServiceImpl } from "./modules/vouchers/vouchers.service.ts";
import { walletRoutes } from "./modules/wallet/wallet.routes.ts";
import type { WalletServiceImpl } from "./modules/wallet/wallet.service.ts";
import { wishlistRoutes } from "./modules/wishlists/wishlists.routes.ts";

/** What the routes are given: the domains' services as the server wired them (apps/server). */
export type ApiDomains = {
  config: Config;
  database: Database;
  kv: Kv;
  media: MediaStorage;
  auth: Auth;
  site: SiteService;
  catalog: CatalogServiceImpl;
  sitemap: Sitemap;
  content: ContentService;
  /** The back-office's catalogue structure and content (decision 062). */
  staffContent: AdminContentService;
  addresses: AddressService;
  carts: CartServiceImpl;
  orders: OrdersServiceImpl;
  payments: PaymentsServiceImpl;
  /** The checkout workflow (modules/checkout): the only caller of several domains. */
  checkout: CheckoutServiceImpl;
  /** The back-office's orders (decision 044): the checkout workflow's staff side. */
  staffOrders: StaffOrdersImpl;
  /** The back-office's refunds and customers (decision 046). */
  staffRefunds: StaffRefundsImpl;
  staffCustomers: StaffCustomersImpl;
  /** Product CSV imports and exports (decision 063). */
  productImports: ProductImportsImpl;
  /** Disputes (decision 052): the shopper's and the back-office's sides. */
  disputes: DisputesService;
  staffDisputes: AdminDisputesService;
  audit: AuditServiceImpl;
  /** Couriers (decision 045): booking and tracking, their sandboxes, the order's papers. */
  couriers: CouriersImpl;
  courierShipping: CourierShippingImpl;
  /** The payments' routes and the sandbox gateways, made with the service. */
  paymentsHttp: Pick<PaymentsSetup, "routes" | "registerSandboxes">;
  wallet: WalletServiceImpl;
  vouchers: VoucherServiceImpl;
  freebies: FreebieService;
  /** Freebie claims: the checkout workflow's, as they take stock (decision 057). */
  freebieClaims: FreebieClaimsImpl;
  /** The shopper's wishlists and the hearts (issue #16). */
  wishlists: WishlistService;
  /** The referral programme (decision 055). */
  referrals: ReferralsImpl;
  /** The job queue (pg-boss): messages, sweeps, events (decision 034). */
  jobs: Jobs;
  messages: Messages;
  events: Events;
  /** The back-office's overview: dashboard, payments, COD queue (decision 047). */
  backOffice: AdminOverviewService;
  /** Vendor applications and call-back requests, the shoppers' side and staff's (decision 053). */
  vendorApplications: VendorApplicationsService;
  staffVendors: AdminVendorApplicationsService;
  /** Reviews: the shoppers' and the back-office's moderation (decision 051). */
  reviews: ReviewsImpl;
  /** In-app notifications and web push (decision 049). */
  notifications: NotificationsImpl;
  /** The lucky draw: entries, the draw's run and its proof (decision 056). */
  luckyDraw: LuckyDrawImpl;
  /** The back-office's products, images and stock (decision 060). */
  adminProducts: AdminProductsImpl;
  /** Marketing and settings in the back-office (decision 061). */
  staffVouchers: AdminVouchersService;
  staffPromotions: AdminPromotionsService;
  staffSettings: AdminSettingsService;
  staffShipping: AdminShippingService;
  staffFreebies: AdminFreebieCampaignsService;
};

/**
 * Every route of the API: the route folders under /api (spec §7 and ours, in the OpenAPI
 * document), then the root paths that are not pages: metrics, sitemaps, the sandbox gateways,
 * the Facebook sandbox, and pictures. They outrank the storefront's catch-all, which is mounted after them.
 */
export async function registerApi(app: FastifyInstance, d: ApiDomains) {
  const { config } = d;
  await app.register(
    async (api) => {
      // First: every /api route after it sees req.viewer (user or null, and the guest id).
      registerAuth(api, d.auth);
      await api.register(healthRoutes, { database: d.database, kv: d.kv });
      await api.register(authRoutes, { auth: d.auth });
      await api.register(usersRoutes, { auth: d.auth });
      await api.register(oauthRoutes, { auth: d.auth, publicUrl: config.publicUrl });
      await api.register(addressRoutes, { addresses: d.addresses });
      await api.register(siteRoutes, { site: d.site });
      await api.register(catalogRoutes, { catalog: d.catalog });
      await api.register(contentRoutes, { content: d.content });
      await api.register(cartRoutes, { carts: d.carts });
      await api.register(checkoutRoutes, {
        checkout: d.checkout,
        testMode: () => d.payments.availability().testMode,
      });
      await api.register(walletRoutes, {
        wallet: d.wallet,
        referral: (userId) => d.referrals.summary(userId),
      });
      await api.register(voucherRoutes, { vouchers: d.vouchers });
      await api.register(freebieRoutes, {
        freebies: d.freebies,
        claims: d.freebieClaims,
        staff: d.freebieClaims.staff,
      });
      await api.register(wishlistRoutes, { wishlists: d.wishlists });
      await api.register(referralRoutes, { referrals: d.referrals });
      await api.register(d.paymentsHttp.routes, { payments: d.payments });
      await api.register(jobsRoutes, { jobs: d.jobs });
      await api.register(adminOrdersRoutes, { staffOrders: d.staffOrders });
      await api.register(auditRoutes, { audit: d.audit });
      await api.register(adminCouriersRoutes, { shipping: d.courierShipping });
      await api.register(adminCustomersRoutes, {
        staffRefunds: d.staffRefunds,
        staffCustomers: d.staffCustomers,
      });
      await api.register(backOfficeRoutes, { backOffice: d.backOffice });
      await api.register(vendorApplicationRoutes, { applications: d.vendorApplications });
      await api.register(adminVendorsRoutes, { staffVendors: d.staffVendors });
      await api.register(reviewsRoutes, { reviews: d.reviews });
      await api.register(adminContentRoutes, { staffContent: d.staffContent });
      await api.register(productImportsRoutes, { imports: d.productImports });
      await api.register(notificationRoutes, { notifications: d.notifications });
      await api.register(disputesRoutes, { disputes: d.disputes });
      await api.register(adminDisputesRoutes, { staffDisputes: d.staffDisputes });
      await api.register(adminProductsRoutes, { products: d.adminProducts });
      await api.register(luckyDrawRoutes, {
        shopper: d.luckyDraw.shopper,
        staff: d.luckyDraw.staff,
      });
      await api.register(adminVouchersRoutes, { staff: d.staffVouchers });
      await api.register(adminPromotionsRoutes, { staff: d.staffPromotions });
      await api.register(adminSettingsRoutes, { staff: d.staffSettings });
      await api.register(adminShippingRoutes, { staff: d.staffShipping });
      await api.register(adminFreebiesRoutes, { staff: d.staffFreebies });
    },
    { prefix: "/api" },
  );
  await app.register(metricsRoutes, { token: config.METRICS_TOKEN });
  await app.register(sitemapRoutes, { sitemap: d.sitemap, publicUrl: config.publicUrl });
  // The sandbox payment gateways, for gateways not configured live.
  await d.paymentsHttp.registerSandboxes();
  // The sandbox couriers, for couriers not configured live.
  await app.register(courierSandboxRoutes, {
    keys: d.couriers.sandboxKeys(),
    kv: d.kv,
    controlOpen: !config.isProduction,
  });
  // The Facebook sandbox is a page, outside /api (the dev outbox is a storefront page).
  await app.register(devPagesRoutes, { auth: d.auth });
  // Originals from the media storage, resized ones from this instance's disk cache.
  await app.register(mediaRoutes, { storage: d.media });
  await app.register(imageRoutes, {
    storage: d.media,
    cacheDir: join(config.dataDir, "cache", "img"),
  });
}
