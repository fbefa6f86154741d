import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { users } from "./schema-auth.ts";

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
    /** Shown to shoppers exactly when `status` is active: the back-office keeps both in step. */
    active: boolean("active").notNull().default(true),
    /** draft (being prepared), active (for sale), archived (off sale; kept for its orders). */
    status: text("status").$type<ProductStatus>().notNull().default("active"),
    /** Extra words search finds the product by, and Roman-Urdu words for it (decision 060). */
    keywords: text("keywords").array().notNull().default(sql`'{}'::text[]`),
    synonyms: text("synonyms").array().notNull().default(sql`'{}'::text[]`),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
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
    /**
     * The sizes and colours of the active variants with stock (decision 067): "M in stock" is
     * `sizes_in_stock && '{M}'`, exact without a lookup of the variants.
     */
    sizesInStock: text("sizes_in_stock").array().notNull().default(sql`'{}'::text[]`),
    colorsInStock: text("colors_in_stock").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index("products_sizes_idx").using("gin", t.sizes),
    index("products_colors_idx").using("gin", t.colors),
    index("products_sizes_in_stock_idx").using("gin", t.sizesInStock),
    index("products_colors_in_stock_idx").using("gin", t.colorsInStock),
    index("products_category_idx").on(t.categoryId, t.createdAt),
    // A brand's or a store's products, and those in some of its categories, as one index range
    // (decision 072): at 1M products a brand and category filter made a BitmapAnd of the
    // category's 385,000 rows.
    index("products_brand_category_idx").on(t.brandId, t.categoryId),
    index("products_vendor_category_idx").on(t.vendorId, t.categoryId),
    index("products_price_idx").on(t.price),
    // A category's cheapest and dearest product (the price facet), its price-ordered pages and
    // the products outside a price range (decision 068); migration 0041 adds INCLUDE (active,
    // mrp, in_stock, brand_id, vendor_id and the four variant copies), which drizzle cannot
    // declare, so those reads are index-only.
    index("products_category_price_idx").on(t.categoryId, t.price),
    index("products_created_idx").on(t.createdAt),
    index("products_sold_idx").on(t.soldCount),
    check("products_price_check", sql`${t.price} >= 0 and ${t.mrp} >= ${t.price}`),
    check("products_status_check", sql`${t.status} in ('draft', 'active', 'archived')`),
    index("products_status_idx").on(t.status, t.updatedAt),
  ],
);

export type ProductStatus = "draft" | "active" | "archived";

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

/**
 * The search vocabulary: every word of the active products' names, categories and brands with how
 * often it occurs. Typo correction looks a query word up here by trigram similarity (a few hundred
 * to a few thousand rows, whatever the catalogue size), so a misspelt word never costs a scan of
 * the products. Rebuilt by the catalogue service when the catalogue changes.
 *
 * The products' own search columns (a generated tsvector with a GIN index, a trigram index on the
 * name) live in the custom migration `catalog_search`, because drizzle cannot express them.
 */
export const searchTerms = pgTable(
  "search_terms",
  {
    term: text("term").primaryKey(),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [index("search_terms_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`)],
);

/**
 * Every stock change staff make to a variant (decision 060): the reason, the change and the
 * figure it left, written in the transaction of the change. Orders' own takes and returns are
 * not here (their order lines are their history).
 */
export const stockAdjustments = pgTable(
  "stock_adjustments",
  {
    id: id(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** received, damaged, counted (sets the figure), or initial (the product's first save). */
    reason: text("reason").notNull(),
    delta: integer("delta").notNull(),
    stockAfter: integer("stock_after").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("stock_adjustments_variant_idx").on(t.variantId, t.createdAt)],
);
