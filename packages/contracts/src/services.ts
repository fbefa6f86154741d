import type { AddressService } from "./addresses.ts";
import type { AdminContentService } from "./admin-content.ts";
import type { AdminCouriersService } from "./admin-couriers.ts";
import type { AdminCustomersService, AdminRefundsService } from "./admin-customers.ts";
import type { AdminOverviewService } from "./admin-dashboard.ts";
import type { AdminFreebieCampaignsService } from "./admin-freebies.ts";
import type { AdminOrdersService } from "./admin-orders.ts";
import type { AdminProductsService } from "./admin-products.ts";
import type { AdminPromotionsService } from "./admin-promotions.ts";
import type { AdminSettingsService } from "./admin-settings.ts";
import type { AdminShippingService } from "./admin-shipping.ts";
import type { AdminVouchersService } from "./admin-vouchers.ts";
import type { AuthService } from "./auth-service.ts";
import type { CartService } from "./cart.ts";
import type { CatalogService, CategoryNode, ProductTile } from "./catalog.ts";
import type { ContentService } from "./content.ts";
import type { AdminDisputesService, DisputesService } from "./disputes.ts";
import type { AdminFreebieClaimService, FreebieClaimService, FreebieService } from "./freebies.ts";
import type { AdminLuckyDrawService, LuckyDrawService } from "./lucky-draw.ts";
import type { NotificationsService } from "./notifications.ts";
import type { OrdersService } from "./orders.ts";
import type { PaymentsService } from "./payments.ts";
import type { ProductImportService } from "./product-imports.ts";
import type { AdminReferralsService, ReferralService } from "./referrals.ts";
import type { AdminReviewsService, ReviewsService } from "./reviews.ts";
import type {
  HomeData,
  LandingEntry,
  LandingList,
  Page,
  PagesRouter,
  PublicSettings,
  ShippingMethod,
} from "./site.ts";
import type {
  AdminVendorApplicationsService,
  VendorApplicationsService,
} from "./vendor-applications.ts";
import type { VoucherService } from "./vouchers.ts";
import type { WalletService } from "./wallet.ts";
import type { WishlistService } from "./wishlists.ts";

/** A category's page: the category, its neighbours and a first row of products. */
export type CategoryPage = {
  category: CategoryNode;
  children: CategoryNode[];
  parent: CategoryNode | null;
  products: ProductTile[];
};

/** Start-up data, CMS pages, landing pages and the home page (modules/site). */
export type SiteService = {
  pagesRouter(): Promise<PagesRouter>;
  landing(query: { landingPage?: string; route?: string }): Promise<LandingList>;
  settings(): Promise<PublicSettings>;
  defaultShipping(): Promise<ShippingMethod | null>;
  home(): Promise<HomeData>;
  page(slug: string): Promise<Page | null>;
  categoryPage(slug: string, child?: string): Promise<CategoryPage | null>;
  /** /pages/{route}, /sale, /women-summer-collection: the entry and its matching products. */
  landingPage(route: string): Promise<{ entry: LandingEntry; products: ProductTile[] } | null>;
  /** /daily_juice: today's deals (day in Asia/Karachi), the same all day. */
  dailyDeals(now?: Date): Promise<{ day: string; products: ProductTile[] }>;
};

/**
 * What the storefront's loaders and actions may call in-process: interfaces only, implemented
 * by the API's domains and handed over by the server (apps/server). The API routes call the same
 * services, so a page and the mobile apps see the same data.
 */
export type AppServices = {
  site: SiteService;
  /** Listings, search, product detail, brands and vendors. */
  catalog: CatalogService;
  /** Sessions, logins, profile and password recovery. */
  auth: AuthService;
  /** The signed-in shopper's address book. */
  addresses: AddressService;
  /** The back-office's orders (/admin, decision 044). */
  adminOrders: AdminOrdersService;
  /** Booking couriers from the order page (decision 045). */
  adminCouriers: AdminCouriersService;
  /** The back-office's refunds and customers (decision 046). */
  adminRefunds: AdminRefundsService;
  adminCustomers: AdminCustomersService;
  /** Disputes (decision 052): the shopper's and the back-office's. */
  disputes: DisputesService;
  adminDisputes: AdminDisputesService;
  /** The back-office's overview: dashboard, payments, jobs, audit, COD queue (decision 047). */
  adminOverview: AdminOverviewService;
  /** Reviews: the shopper's, the product page's, and moderation in /admin (decision 051). */
  reviews: ReviewsService;
  adminReviews: AdminReviewsService;
  /** The help center. */
  content: ContentService;
  /** The back-office's categories, brands, stores, banners, landing, pages, help (decision 062). */
  adminContent: AdminContentService;
  /** Carts of users and guests, priced by the server. */
  carts: CartService;
  /** Placing, listing, cancelling and confirming orders. */
  orders: OrdersService;
  /** What the storefront reads of online payments. */
  payments: PaymentsService;
  /** The wallet ledger: balance and entries. */
  wallet: WalletService;
  /** Coupon codes: the shopper's usable vouchers. */
  vouchers: VoucherService;
  /** Freebie campaigns and the viewer's standing against their terms. */
  freebies: FreebieService;
  /** The shopper's freebie claims (decision 057). */
  freebieClaims: FreebieClaimService;
  adminFreebieClaims: AdminFreebieClaimService;
  /** /apply-for-vendor and /request-call-back (decision 053). */
  vendorApplications: VendorApplicationsService;
  /** The back-office's vendor applications and call-back queue (decision 053). */
  adminVendors: AdminVendorApplicationsService;
  /** The signed-in shopper's notifications and push subscriptions (decision 049). */
  notifications: NotificationsService;
  /** The signed-in shopper's wishlists (the hearts and /wishlist). */
  wishlists: WishlistService;
  /** /lucky-draw and its proof, and the back-office's draws (decision 056). */
  luckyDraw: LuckyDrawService;
  adminLuckyDraws: AdminLuckyDrawService;
  /** The referral programme: invites, the shopper's friends and earnings (decision 055). */
  referrals: ReferralService;
  adminReferrals: AdminReferralsService;
  /** Product CSV imports and exports (decision 063). */
  productImports: ProductImportService;
  /** The back-office's products, images and stock (decision 060). */
  adminProducts: AdminProductsService;
  /** Marketing and settings in /admin (decision 061): vouchers, and the shop's settings (admins). */
  adminVouchers: AdminVouchersService;
  adminPromotions: AdminPromotionsService;
  adminSettings: AdminSettingsService;
  adminShipping: AdminShippingService;
  adminFreebies: AdminFreebieCampaignsService;
};
