import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Roles in ascending order of power (spec §6). */
export const ROLES = ["user", "vendor", "manager", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email"),
    /** A number its owner proved with an SMS code: the only kind that signs in (decision 027). */
    phone: text("phone"),
    /** A number asked for and not proven yet: shown to its claimant, never used to sign in. */
    phonePending: text("phone_pending"),
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    avatar: text("avatar"),
    dob: date("dob"),
    gender: text("gender"),
    language: text("language").notNull().default("en"),
    role: text("role").$type<Role>().notNull().default("user"),
    state: text("state"),
    city: text("city"),
    zip: text("zip"),
    verified: boolean("verified").notNull().default(false),
    /** The sign-up campaign marker (spec §3, §9: source=kl_), as the client sent it. */
    campaign: text("campaign"),
    /** Bumped on logout and password change: tokens carrying an older version are refused. */
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_phone_key").on(t.phone),
    // Several accounts may claim one number; a proof drops every claim on it at once.
    index("users_phone_pending_idx").on(t.phonePending).where(sql`${t.phonePending} is not null`),
    check("users_role_check", sql`${t.role} in ('user','vendor','manager','admin')`),
  ],
);

/** One row (id = 1): the shop's public settings (spec §3 "Settings"). */
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    shopName: text("shop_name").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    guestLogin: boolean("guest_login").notNull().default(true),
    appPromotion: jsonb("app_promotion")
      .$type<{ active: boolean; text: string; link?: string }>()
      .notNull(),
    analytics: jsonb("analytics")
      .$type<{
        google_status: "enabled" | "disabled";
        gtm_id?: string;
        ga4_id?: string;
        pixel_id?: string;
      }>()
      .notNull(),
    demo: boolean("demo").notNull().default(false),
    currency: jsonb("currency").$type<{ symbol: string; code: string }>().notNull(),
    microserviceUrl: text("microservice_url"),
    primaryColor: text("primary_color").notNull().default("#f46b22"),
    mainTheme: integer("main_theme").notNull().default(3),
    otpLength: integer("otp_length").notNull().default(4),
    supportPhone: text("support_phone"),
    supportEmail: text("support_email"),
    /** How the sales tax inside prices shows: inclusive, per_item or hidden (contracts/site). */
    taxDisplay: text("tax_display")
      .$type<"inclusive" | "per_item" | "hidden">()
      .notNull()
      .default("inclusive"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("settings_single_row", sql`id = 1`),
    check(
      "settings_tax_display_check",
      sql`${t.taxDisplay} in ('inclusive', 'per_item', 'hidden')`,
    ),
  ],
);

export const pages = pgTable("pages", {
  id: id(),
  slug: text("slug").notNull().unique(),
  pageType: text("page_type").$type<"dynamic" | "static">().notNull().default("static"),
  title: text("title").notNull(),
  body: text("body").notNull(),
  description: text("description"),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const categories = pgTable(
  "categories",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    parentId: uuid("parent_id").references((): AnyPgColumn => categories.id, {
      onDelete: "restrict",
    }),
    image: text("image"),
    description: text("description"),
    sort: integer("sort").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("categories_parent_idx").on(t.parentId, t.sort)],
);

export const brands = pgTable("brands", {
  id: id(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  logo: text("logo"),
  description: text("description"),
  sort: integer("sort").notNull().default(0),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});

export const vendors = pgTable("vendors", {
  id: id(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description"),
  logo: text("logo"),
  banner: text("banner"),
  city: text("city"),
  phone: text("phone"),
  email: text("email"),
  ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});

export const products = pgTable(
  "products",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    specs: jsonb("specs").$type<Record<string, string>>().notNull().default({}),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id),
    brandId: uuid("brand_id").references(() => brands.id),
    vendorId: uuid("vendor_id")
      .notNull()
      .references(() => vendors.id),
    /** Lowest variant price and its mrp, in whole rupees; kept in step with variants. */
    price: integer("price").notNull(),
    mrp: integer("mrp").notNull(),
    soldCount: integer("sold_count").notNull().default(0),
    ratingAvg: integer("rating_avg_x100").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The sizes and colours of the active variants, and whether one of them is in stock: copies
     * kept by the trigger of migration `catalog_variant_facets` (never written by the app), so
     * listing filters and facet counts read one product row instead of joining variants.
     */
    sizes: text("sizes").array().notNull().default(sql`'{}'::text[]`),
    colors: text("colors").array().notNull().default(sql`'{}'::text[]`),
    inStock: boolean("in_stock").notNull().default(false),
  },
  (t) => [
    index("products_sizes_idx").using("gin", t.sizes),
    index("products_colors_idx").using("gin", t.colors),
    index("products_category_idx").on(t.categoryId, t.createdAt),
    index("products_brand_idx").on(t.brandId),
    index("products_vendor_idx").on(t.vendorId),
    index("products_price_idx").on(t.price),
    index("products_created_idx").on(t.createdAt),
    index("products_sold_idx").on(t.soldCount),
    check("products_price_check", sql`${t.price} >= 0 and ${t.mrp} >= ${t.price}`),
  ],
);

export const variants = pgTable(
  "variants",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull().unique(),
    size: text("size"),
    color: text("color"),
    price: integer("price").notNull(),
    mrp: integer("mrp").notNull(),
    stock: integer("stock").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    index("variants_product_idx").on(t.productId, t.sort),
    check("variants_stock_check", sql`${t.stock} >= 0`),
    check("variants_price_check", sql`${t.price} >= 0 and ${t.mrp} >= ${t.price}`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    alt: text("alt").notNull().default(""),
    width: integer("width").notNull().default(800),
    height: integer("height").notNull().default(800),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.sort)],
);

/** Landing entries: each gets /pages/{route} and receives `data`. */
export const landing = pgTable("landing", {
  id: id(),
  route: text("route").notNull().unique(),
  title: text("title").notNull(),
  landingPage: text("landing_page"),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  status: boolean("status").notNull().default(true),
  sort: integer("sort").notNull().default(0),
  createdAt: createdAt(),
});

export const banners = pgTable(
  "banners",
  {
    id: id(),
    /** 'slider' (desktop), 'mobile_slider' (phones) or another named group. */
    kind: text("kind").notNull(),
    img: text("img").notNull(),
    link: text("link").notNull().default("/"),
    alt: text("alt").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("banners_kind_idx").on(t.kind, t.sort)],
);

export const shippingMethods = pgTable("shipping_methods", {
  id: id(),
  name: text("name").notNull(),
  carrier: text("carrier").notNull(),
  /** Charge in whole rupees; free when the order value reaches `freeAbove`. */
  charge: integer("charge").notNull(),
  freeAbove: integer("free_above"),
  minOrderValue: integer("min_order_value").notNull().default(0),
  /** Null means every city. */
  cities: text("cities").array(),
  etaDays: text("eta_days").notNull().default("3-5"),
  isDefault: boolean("is_default").notNull().default(false),
  active: boolean("active").notNull().default(true),
  sort: integer("sort").notNull().default(0),
});

export const helpArticles = pgTable("help_articles", {
  id: id(),
  slug: text("slug").notNull().unique(),
  topic: text("topic").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  sort: integer("sort").notNull().default(0),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});
