import type { AddressService } from "@maidan/contracts/addresses";
import type { AuthService } from "@maidan/contracts/auth-service";
import type { CartService } from "@maidan/contracts/cart";
import type { ContentService } from "@maidan/contracts/content";
import type { FreebieService } from "@maidan/contracts/freebies";
import type { OrdersService } from "@maidan/contracts/orders";
import type {
  CategoryNode,
  HomeData,
  LandingEntry,
  LandingList,
  Page,
  PagesRouter,
  ProductTile,
  PublicSettings,
  ShippingMethod,
} from "@maidan/contracts/site";
import type { CatalogServiceImpl } from "./modules/catalog/catalog.service.ts";
import type { PaymentsService } from "./modules/payments/payments.service.ts";
import type { VoucherServiceImpl } from "./modules/vouchers/vouchers.service.ts";
import type { WalletServiceImpl } from "./modules/wallet/wallet.service.ts";

/** A product page's data for the foundation; the catalogue module extends it. */
export type ProductDetail = ProductTile & {
  description: string;
  images: { url: string; alt: string }[];
  category: { slug: string; name: string } | null;
  vendor: { slug: string; name: string } | null;
};

export type CategoryPage = {
  category: CategoryNode;
  children: CategoryNode[];
  parent: CategoryNode | null;
  products: ProductTile[];
};

/**
 * What the storefront's loaders may call in-process. The API routes call the same services,
 * so a page and the mobile apps see the same data.
 */
export type AppServices = {
  site: {
    pagesRouter(): Promise<PagesRouter>;
    landing(query: { landingPage?: string; route?: string }): Promise<LandingList>;
    settings(): Promise<PublicSettings>;
    defaultShipping(): Promise<ShippingMethod | null>;
    home(): Promise<HomeData>;
    page(slug: string): Promise<Page | null>;
    categoryPage(slug: string, child?: string): Promise<CategoryPage | null>;
    product(slug: string): Promise<ProductDetail | null>;
    /** /pages/{route}, /sale, /women-summer-collection: the entry and its matching products. */
    landingPage(route: string): Promise<{ entry: LandingEntry; products: ProductTile[] } | null>;
    /** /daily_juice: today's deals (day in Asia/Karachi), the same all day. */
    dailyDeals(now?: Date): Promise<{ day: string; products: ProductTile[] }>;
  };
  /** Listings, search, product detail, brands and vendors (modules/catalog). */
  catalog: CatalogServiceImpl;
  /** Sessions, logins, profile and password recovery (modules/auth). */
  auth: AuthService;
  /** The signed-in shopper's address book (modules/addresses). */
  addresses: AddressService;
  /** The help center (modules/content). */
  content: ContentService;
  /** Carts of users and guests, priced by the server (modules/cart). */
  carts: CartService;
  /** Placing, listing, cancelling and confirming orders (modules/orders). */
  orders: OrdersService;
  /** Online payments through the gateways and their sandboxes (modules/payments). */
  payments: PaymentsService;
  /** The wallet ledger: balance and entries (modules/wallet). */
  wallet: WalletServiceImpl;
  /** Coupon codes: the shopper's usable vouchers (modules/vouchers). */
  vouchers: VoucherServiceImpl;
  /** Freebie campaigns and the viewer's standing against their terms (modules/freebies). */
  freebies: FreebieService;
};
