import type { DbOrTx } from "@maidan/db/database";
import { shippingMethods } from "@maidan/db/schema-cart";
import { brands, categories, productImages, products } from "@maidan/db/schema-catalog";
import { banners, landing, pages, settings } from "@maidan/db/schema-content";
import { and, arrayOverlaps, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";

export const findSettings = (db: DbOrTx) =>
  db
    .select()
    .from(settings)
    .where(eq(settings.id, 1))
    .then((r) => r[0] ?? null);

export const listBanners = (db: DbOrTx) =>
  db
    .select()
    .from(banners)
    .where(eq(banners.active, true))
    .orderBy(asc(banners.kind), asc(banners.sort));

export const listPageSlugs = (db: DbOrTx) =>
  db
    .select({ slug: pages.slug, page_type: pages.pageType })
    .from(pages)
    .where(eq(pages.active, true))
    .orderBy(asc(pages.slug));

export const findPage = (db: DbOrTx, slug: string) =>
  db
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.active, true)))
    .then((r) => r[0] ?? null);

export const listCategories = (db: DbOrTx) =>
  db
    .select()
    .from(categories)
    .where(eq(categories.active, true))
    .orderBy(asc(categories.sort), asc(categories.name));

export const listLanding = (db: DbOrTx, filter: { landingPage?: string; route?: string }) =>
  db
    .select()
    .from(landing)
    .where(
      and(
        eq(landing.status, true),
        filter.landingPage ? eq(landing.landingPage, filter.landingPage) : undefined,
        filter.route ? eq(landing.route, filter.route) : undefined,
      ),
    )
    .orderBy(asc(landing.sort), asc(landing.route));

export const findDefaultShipping = (db: DbOrTx) =>
  db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .orderBy(desc(shippingMethods.isDefault), asc(shippingMethods.sort))
    .limit(1)
    .then((r) => r[0] ?? null);

const firstImage = sql<string | null>`(
  select ${productImages.url} from ${productImages}
  where ${productImages.productId} = ${products.id}
  order by ${productImages.sort} limit 1)`;

const inStock = sql<boolean>`exists (
  select 1 from variants v where v.product_id = ${products.id} and v.active and v.stock > 0)`;

export type TileFilter = {
  categoryIds?: string[];
  /** Products carrying any of these tags; with categoryIds, either one matches (a landing page). */
  tags?: string[];
  onSale?: boolean;
  order: "newest" | "best" | "discount";
  limit: number;
};

/** Product tiles for the home and category pages (the catalogue module owns full listing). */
export const listTiles = (db: DbOrTx, f: TileFilter) =>
  db
    .select({
      _id: products.id,
      slug: products.slug,
      name: products.name,
      img: firstImage,
      price: products.price,
      mrp: products.mrp,
      brand: brands.name,
      inStock,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(
      and(
        eq(products.active, true),
        f.tags?.length
          ? or(
              arrayOverlaps(products.tags, f.tags),
              f.categoryIds ? inArray(products.categoryId, f.categoryIds) : undefined,
            )
          : f.categoryIds
            ? inArray(products.categoryId, f.categoryIds)
            : undefined,
        f.onSale ? lt(products.price, products.mrp) : undefined,
      ),
    )
    .orderBy(
      f.order === "best"
        ? desc(products.soldCount)
        : f.order === "discount"
          ? desc(sql`${products.mrp} - ${products.price}`)
          : desc(products.createdAt),
      asc(products.id),
    )
    .limit(f.limit);
