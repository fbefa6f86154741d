import { z } from "zod";
import { categoryNode, productTile } from "./catalog.ts";

/** GET /api/pages/router (spec §7): drives the dynamic routes. */
export const pagesRouter = z.object({
  pages: z.array(z.object({ slug: z.string(), page_type: z.enum(["dynamic", "static"]) })),
  categories: z.array(z.object({ slug: z.string() })),
});
export type PagesRouter = z.infer<typeof pagesRouter>;

export const landingEntry = z.object({
  _id: z.string(),
  route: z.string(),
  title: z.string(),
  landingPage: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  status: z.boolean(),
});
export type LandingEntry = z.infer<typeof landingEntry>;

/** GET /api/landing: the entries plus the status flag the client checks. */
export const landingList = z.object({ status: z.boolean(), data: z.array(landingEntry) });
export type LandingList = z.infer<typeof landingList>;

export const landingQuery = z.object({
  v2: z.enum(["true", "false"]).optional(),
  landingPage: z.string().max(100).optional(),
  route: z.string().max(200).optional(),
});

export const bannerItem = z.object({ img: z.string(), link: z.string(), alt: z.string() });
export type BannerItem = z.infer<typeof bannerItem>;

/**
 * How prices' sales tax shows (issue #5 "shown as settings say"): prices include it either way.
 * inclusive: one "Includes sales tax" line in the totals; per_item: that line and each line's
 * part; hidden: no tax line.
 */
export const TAX_DISPLAYS = ["inclusive", "per_item", "hidden"] as const;
export const taxDisplay = z.enum(TAX_DISPLAYS);
export type TaxDisplay = z.infer<typeof taxDisplay>;

/** The public settings (spec §3 "Settings"). */
export const publicSettings = z.object({
  shopName: z.string(),
  title: z.string(),
  description: z.string(),
  bannersA: z.object({ slider: z.array(bannerItem), mobile_slider: z.array(bannerItem) }),
  guestLogin: z.boolean(),
  appPromotion: z.object({
    active: z.boolean(),
    text: z.string(),
    link: z.string().optional(),
    /** The app's store pages (https), shown as badges beside the text on phones. */
    android: z.string().optional(),
    ios: z.string().optional(),
  }),
  analytics: z.object({
    google_status: z.enum(["enabled", "disabled"]),
    gtm_id: z.string().optional(),
    ga4_id: z.string().optional(),
    pixel_id: z.string().optional(),
  }),
  demo: z.boolean(),
  currency: z.object({ symbol: z.string(), code: z.string() }),
  microservice: z.string().nullable(),
  primaryColor: z.string(),
  mainTheme: z.number().int(),
  otpLength: z.number().int(),
  supportPhone: z.string().nullable(),
  supportEmail: z.string().nullable(),
  taxDisplay,
});
export type PublicSettings = z.infer<typeof publicSettings>;

export const shippingMethod = z.object({
  _id: z.string(),
  name: z.string(),
  carrier: z.string(),
  charge: z.number().int(),
  freeAbove: z.number().int().nullable(),
  minOrderValue: z.number().int(),
  etaDays: z.string(),
  isDefault: z.boolean(),
});
export type ShippingMethod = z.infer<typeof shippingMethod>;

export const page = z.object({
  _id: z.string(),
  slug: z.string(),
  page_type: z.enum(["dynamic", "static"]),
  title: z.string(),
  body: z.string(),
  description: z.string().nullable(),
});
export type Page = z.infer<typeof page>;

/** Everything the home page shows, in one call. */
export const homeData = z.object({
  categories: z.array(categoryNode),
  featured: z.array(productTile),
  newArrivals: z.array(productTile),
  onSale: z.array(productTile),
});
export type HomeData = z.infer<typeof homeData>;
