/**
 * Demo-shop seed: settings, categories, brands, vendors, products with variants and images,
 * banners, landing entries, pages, help articles, shipping methods, freebie campaigns and the
 * first users.
 * Images are written first (idempotently); every row is then inserted in one transaction,
 * so a crash leaves either the whole seed or none of it.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../database.ts";
import { first } from "../raw-rows.ts";
import * as catalogTables from "../schema-catalog.ts";
import * as contentTables from "../schema-content.ts";
import { insertBulk } from "./bulk.ts";
import { flattenCategories } from "./catalog-data.ts";
import { insertCatalogue, insertContent, insertUsers } from "./catalogue.ts";
import { LANDING_ART, SETTINGS, SLIDES } from "./content.ts";
import { FREEBIES, insertDemoFreebies } from "./freebies.ts";
import { folderSink, imageJobs, type MediaSink, renderImages } from "./images.ts";
import { PAGES } from "./pages.ts";
import {
  type CatalogIds,
  type GeneratorState,
  generateProduct,
  type ImageRow,
  type ProductRow,
  type VariantRow,
} from "./products.ts";
import { insertDemoPromotions } from "./promotions.ts";
import { insertStaff, type SeededStaff, type SeedStaff } from "./staff.ts";
import { insertDemoTaxRates } from "./tax.ts";
import { insertDemoVouchers } from "./vouchers.ts";
import { insertWelcomeCredit } from "./wallet.ts";

export type SeedOptions = {
  /** Number of products; default 320, up to 100_000 for benchmarks. */
  products?: number;
  /** A folder for the images (served by the app at /media/<relative path>)… */
  mediaDir?: string;
  /** …or the app's media storage, which wins when both are given (decision 030). */
  media?: MediaSink;
  admin: { email: string; password: string };
  shopper: { email: string; password: string };
  /**
   * Staff to try the back-office with (decision 044): a manager, and passwords for the owner
   * accounts of the first two stores (vendors). Printed at first start like the admin's.
   */
  staff?: SeedStaff;
  /** Provided by the caller (argon2id). */
  hashPassword: (plain: string) => Promise<string>;
  log?: (line: string) => void;
  /** Told how far the long steps are (a CLI draws a progress bar or prints lines). */
  progress?: SeedProgress;
  /** Insert the demo automatic promotions (default true; API tests opt in, see test-app.ts). */
  promotions?: boolean;
};

/** "facets": the variant copies and facet cells rebuilt after a bulk insert (decision 067). */
export type SeedStep = "images" | "products" | "facets";
export type SeedProgress = (step: SeedStep, done: number, total: number) => void;

export type SeedResult = {
  seeded: boolean;
  products: number;
  admin: { email: string };
  shopper: { email: string };
  staff: SeededStaff;
};

export const DEFAULT_PRODUCT_COUNT = 320;
export const DEFAULT_SHOPPER = { email: "shopper@maidan.pk", password: "shopper123" };

/** Storefront paths a product slug must never shadow (products are served at /{slug}). */
const RESERVED_SLUGS = [
  "store",
  "sale",
  "new-arrivals",
  "women-summer-collection",
  "search",
  "brands",
  "wishlist",
  "checkout",
  "cart",
  "account",
  "my",
  "help-center",
  "stores",
  "shop",
  "pages",
  "admin",
  "media",
];
const BATCH = 1_000;

/** True when the settings row exists (the seed inserts it first, in the same transaction). */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: contentTables.settings.id })
    .from(contentTables.settings)
    .limit(1);
  return rows.length > 0;
}

export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => {});
  const count = Math.max(0, Math.floor(opts.products ?? DEFAULT_PRODUCT_COUNT));
  let staff: SeededStaff = [];
  const result = (seeded: boolean) => ({
    seeded,
    products: seeded ? count : 0,
    admin: { email: opts.admin.email },
    shopper: { email: opts.shopper.email },
    staff: seeded ? staff : [],
  });
  if (await isSeeded(db)) return result(false);

  const sink = opts.media ?? (opts.mediaDir ? folderSink(opts.mediaDir) : null);
  if (!sink) throw new Error("seed: give mediaDir or media");
  const rendered = await renderImages(
    sink,
    imageJobs([...SLIDES, ...LANDING_ART], FREEBIES),
    (done, total) => opts.progress?.("images", done, total),
  );
  log(`seed: images ${rendered.written}/${rendered.total} written in ${rendered.ms} ms`);
  const [adminHash, shopperHash] = await Promise.all([
    opts.hashPassword(opts.admin.password),
    opts.hashPassword(opts.shopper.password),
  ]);

  const started = performance.now();
  const seeded = await db.transaction(async (tx) => {
    // The settings row is the seed marker: a concurrent seeder blocks here, then skips.
    const marker = await tx
      .insert(contentTables.settings)
      .values(SETTINGS)
      .onConflictDoNothing()
      .returning();
    if (marker.length === 0) return false;
    await insertUsers(tx, {
      admin: { email: opts.admin.email, passwordHash: adminHash },
      shopper: { email: opts.shopper.email, passwordHash: shopperHash },
    });
    await insertWelcomeCredit(tx, opts.shopper.email);
    await insertDemoVouchers(tx);
    const ids = await insertCatalogue(tx);
    await insertDemoTaxRates(tx);
    // With the catalogue's triggers off when the role may (superusers: the embedded database,
    // the benchmarks' and CI's), then their work once, set-based (decision 067); otherwise the
    // products reach the facet cells as deltas, folded in here (decision 066).
    const bulk = await bulkLoadAllowed(tx);
    if (bulk) await tx.execute(sql`set local session_replication_role = replica`);
    await insertProducts(tx, count, ids, opts.progress);
    if (bulk) {
      opts.progress?.("facets", 0, 1);
      await tx.execute(sql`select catalog_rebuild_variant_copies()`);
      await tx.execute(sql`set local session_replication_role = origin`);
      await tx.execute(sql`select catalog_rebuild_facet_cells()`);
      opts.progress?.("facets", 1, 1);
    } else await tx.execute(sql`select catalog_compact_facets()`);
    if (opts.promotions !== false) await insertDemoPromotions(tx);
    await insertDemoFreebies(tx);
    await insertContent(tx);
    if (opts.staff) staff = await insertStaff(tx, opts.staff, opts.hashPassword);
    return true;
  });
  if (seeded)
    log(`seed: ${count} products inserted in ${Math.round(performance.now() - started)} ms`);
  return result(seeded);
}

/**
 * Whether this connection may turn triggers off for the seed's bulk insert: only a superuser may
 * set `session_replication_role` (which also skips foreign-key checks: the seed's rows are
 * generated consistent, and the rebuild below runs in the same transaction).
 */
async function bulkLoadAllowed(tx: Tx): Promise<boolean> {
  const role = await first<{ super: boolean }>(
    tx,
    sql`select rolsuper as super from pg_roles where rolname = current_user`,
  );
  return role?.super === true;
}

async function insertProducts(
  tx: Tx,
  count: number,
  ids: CatalogIds,
  progress: SeedProgress | undefined,
) {
  const reserved = [
    ...RESERVED_SLUGS,
    ...PAGES.map((p) => p.slug),
    ...flattenCategories().map((c) => c.slug),
  ];
  const state: GeneratorState = { slugs: new Set(reserved), ids };
  for (let start = 0; start < count; start += BATCH) {
    const productRows: ProductRow[] = [];
    const variantRows: VariantRow[] = [];
    const imageRows: ImageRow[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const g = generateProduct(i, state);
      productRows.push(g.product);
      variantRows.push(...g.variants);
      imageRows.push(...g.images);
    }
    await insertBulk(tx, catalogTables.products, productRows);
    await insertBulk(tx, catalogTables.variants, variantRows);
    await insertBulk(tx, catalogTables.productImages, imageRows);
    progress?.("products", Math.min(count, start + BATCH), count);
  }
}
