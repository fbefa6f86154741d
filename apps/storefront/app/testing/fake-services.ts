import type { CategoryNode, ProductTile } from "@maidan/contracts/catalog";
import type { AppServices } from "@maidan/contracts/services";
import type { Page } from "@maidan/contracts/site";
import { fallbackSettings } from "../lib/settings";
import { fakeAddresses, fakeAuth } from "./fake-auth";
import { fakeCatalog } from "./fake-catalog";
import { fakeContent } from "./fake-content";
import { fakeFreebies } from "./fake-freebies";
import { fakeCarts, fakeOrders } from "./fake-orders";
import { fakeWishlists } from "./fake-wishlists";

/** In-memory services for unit tests: a tiny shop with one of everything. */

export const men: CategoryNode = { _id: "c1", slug: "men", name: "Men", image: null, parent: null };
export const menShoes: CategoryNode = {
  _id: "c2",
  slug: "men-shoes",
  name: "Shoes",
  image: null,
  parent: "c1",
};

export const runner: ProductTile = {
  _id: "p1",
  slug: "air-runner",
  name: "Air Runner",
  img: "/media/air-runner.jpg",
  price: 7499,
  mrp: 9999,
  brand: "Stride",
  inStock: true,
};

/** What a product lookup gives for the runner in the slug tests (any shape will do). */
export const runnerDetail = {
  ...runner,
  description: "Light running shoe.\n\nMesh upper.",
  images: [{ url: "/media/air-runner.jpg", alt: "Air Runner" }],
  category: { slug: "men", name: "Men" },
  vendor: null,
};

/** The product lookup the slug route passes to resolveSlug. */
export const findRunner = async (slug: string) => (slug === runner.slug ? runnerDetail : null);

export const aboutPage: Page = {
  _id: "pg1",
  slug: "about",
  page_type: "static",
  title: "About us",
  body: "We sell sports goods.",
  description: null,
};

export function fakeServices(overrides: Partial<AppServices["site"]> = {}): AppServices {
  return {
    site: {
      pagesRouter: async () => ({
        pages: [{ slug: aboutPage.slug, page_type: aboutPage.page_type }],
        categories: [{ slug: men.slug }, { slug: menShoes.slug }],
      }),
      landing: async () => ({ status: true, data: [] }),
      settings: async () => fallbackSettings,
      defaultShipping: async () => null,
      home: async () => ({
        categories: [men, menShoes],
        featured: [runner],
        newArrivals: [runner],
        onSale: [runner],
      }),
      page: async (slug) => (slug === aboutPage.slug ? aboutPage : null),
      categoryPage: async (slug, child) => {
        if (slug !== men.slug) return null;
        if (child === undefined) {
          return { category: men, children: [menShoes], parent: null, products: [runner] };
        }
        if (child !== menShoes.slug) return null;
        return { category: menShoes, children: [], parent: men, products: [runner] };
      },
      landingPage: async () => null,
      dailyDeals: async () => ({ day: "2026-01-01", products: [runner] }),
      ...overrides,
    },
    catalog: fakeCatalog(),
    auth: fakeAuth(),
    addresses: fakeAddresses(),
    content: fakeContent(),
    carts: fakeCarts(),
    orders: fakeOrders(),
    adminOrders: unusedService<AppServices["adminOrders"]>("adminOrders"),
    adminCouriers: unusedService<AppServices["adminCouriers"]>("adminCouriers"),
    adminRefunds: unusedService<AppServices["adminRefunds"]>("adminRefunds"),
    adminCustomers: unusedService<AppServices["adminCustomers"]>("adminCustomers"),
    disputes: unusedService<AppServices["disputes"]>("disputes"),
    adminDisputes: unusedService<AppServices["adminDisputes"]>("adminDisputes"),
    adminOverview: unusedService<AppServices["adminOverview"]>("adminOverview"),
    reviews: unusedService<AppServices["reviews"]>("reviews"),
    adminReviews: unusedService<AppServices["adminReviews"]>("adminReviews"),
    adminContent: unusedService<AppServices["adminContent"]>("adminContent"),
    freebieClaims: unusedService<AppServices["freebieClaims"]>("freebieClaims"),
    adminFreebieClaims: unusedService<AppServices["adminFreebieClaims"]>("adminFreebieClaims"),
    payments: fakePayments(),
    wallet: unusedService<AppServices["wallet"]>("wallet"),
    vouchers: unusedService<AppServices["vouchers"]>("vouchers"),
    freebies: fakeFreebies(),
    vendorApplications: unusedService<AppServices["vendorApplications"]>("vendorApplications"),
    adminVendors: unusedService<AppServices["adminVendors"]>("adminVendors"),
    notifications: unusedService<AppServices["notifications"]>("notifications"),
    wishlists: fakeWishlists(),
    luckyDraw: unusedService<AppServices["luckyDraw"]>("luckyDraw"),
    adminLuckyDraws: unusedService<AppServices["adminLuckyDraws"]>("adminLuckyDraws"),
    referrals: unusedService<AppServices["referrals"]>("referrals"),
    adminReferrals: unusedService<AppServices["adminReferrals"]>("adminReferrals"),
    productImports: unusedService<AppServices["productImports"]>("productImports"),
    adminProducts: unusedService<AppServices["adminProducts"]>("adminProducts"),
    adminVouchers: unusedService<AppServices["adminVouchers"]>("adminVouchers"),
    adminPromotions: unusedService<AppServices["adminPromotions"]>("adminPromotions"),
    adminSettings: unusedService<AppServices["adminSettings"]>("adminSettings"),
    adminShipping: unusedService<AppServices["adminShipping"]>("adminShipping"),
    adminFreebies: unusedService<AppServices["adminFreebies"]>("adminFreebies"),
  };
}

/** Payments as a live shop with every gateway on: only what every page reads. */
function fakePayments(): AppServices["payments"] {
  const fake: Partial<AppServices["payments"]> = {
    availability: () => ({
      testMode: false,
      gateways: ["easypaisa", "alfalah", "hbl", "keenu", "nift"],
    }),
  };
  return new Proxy(fake as AppServices["payments"], {
    get: (target, key) =>
      key in target
        ? target[key as keyof typeof target]
        : () => {
            throw new Error(`fake payments.${String(key)} was called; give the test a fake for it`);
          },
  });
}

/** A service no storefront code under test should reach: any call fails the test loudly. */
function unusedService<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: (_target, key) => () => {
      throw new Error(`fake ${name}.${String(key)} was called; give the test a fake for it`);
    },
  });
}
