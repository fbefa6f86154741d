/**
 * Deterministic product generator. Product i depends only on i and on the slugs already
 * taken, so a smaller catalogue is always a prefix of a larger one and re-runs match.
 */
import { randomUUID } from "node:crypto";
import type { InferInsertModel } from "drizzle-orm";
import type { productImages, products, variants } from "../schema-catalog.ts";
import { type ColorName, SHAPE_COLORS } from "./catalog-data.ts";
import { mediaUrl, productDetailFile, productImageFile } from "./images.ts";
import { BRANDS, type Family, VENDORS } from "./partners.ts";
import { CARE, FAMILY_LINES, FITS, STYLE_NAMES } from "./product-copy.ts";
import {
  LEAVES,
  type LeafDef,
  PRODUCT_TYPES,
  type ProductType,
  SIZE_SETS,
} from "./product-types.ts";
import { createRng, hashString, type Rng, shopPrice, slugify } from "./random.ts";

export type ProductRow = InferInsertModel<typeof products> & { id: string };
export type VariantRow = InferInsertModel<typeof variants>;
export type ImageRow = InferInsertModel<typeof productImages>;
export type GeneratedProduct = { product: ProductRow; variants: VariantRow[]; images: ImageRow[] };

/** Ids of the rows the products point at, by category slug, brand name and vendor name. */
export type CatalogIds = {
  category: Map<string, string>;
  brand: Map<string, string>;
  vendor: Map<string, string>;
};

/** Products are dated back from here (fixed, so re-runs produce the same order). */
export const CATALOGUE_BASE_DATE = Date.parse("2026-11-01T09:00:00+05:00");
const DAY = 86_400_000;

const TOP_LEVEL = ["men", "women", "kids", "accessories-equipment"];
const totalWeight = LEAVES.reduce((sum, l) => sum + l.weight, 0);
const typesByLeaf = new Map(
  LEAVES.map((l) => [l.slug, PRODUCT_TYPES.filter((t) => t.leaf === l.slug)]),
);
const brandsFor = (f: Family, audience: string) =>
  BRANDS.filter((b) => b.families.includes(f) && (b.only === "all" || audience === "Women's"));
const vendorsFor = (f: Family) => VENDORS.filter((v) => v.families.includes(f));

function pickLeaf(i: number, rng: Rng): LeafDef {
  if (i < LEAVES.length) return LEAVES[i] as LeafDef; // every leaf gets products, even for tiny runs
  let r = rng.next() * totalWeight;
  for (const leaf of LEAVES) {
    r -= leaf.weight;
    if (r < 0) return leaf;
  }
  return LEAVES[LEAVES.length - 1] as LeafDef;
}

function pickSizes(type: ProductType, rng: Rng): (string | null)[] {
  const all: readonly (string | null)[] = SIZE_SETS[type.sizes];
  if (type.sizes.endsWith("shoe") || type.sizes === "kids-age") {
    const n = Math.min(all.length, rng.int(type.sizes === "kids-age" ? 3 : 4, all.length));
    const start = rng.int(0, all.length - n);
    return all.slice(start, start + n);
  }
  return [...all];
}

function colorCount(rng: Rng): number {
  const r = rng.next();
  return r < 0.4 ? 1 : r < 0.7 ? 2 : r < 0.9 ? 3 : 4;
}

function stockFor(rng: Rng): number {
  const r = rng.next();
  if (r < 0.08) return 0;
  if (r < 0.18) return rng.int(1, 3);
  return rng.int(5, 60);
}

const code = (text: string | null) =>
  text === null
    ? "OS"
    : text
        .replace(/[^A-Za-z0-9-]/g, "")
        .slice(0, 4)
        .toUpperCase();

function buildName(brand: string, audience: string, type: ProductType, rng: Rng) {
  const qualifier = rng.chance(0.65) ? rng.pick(type.qualifiers) : "";
  let suffix = "";
  if (type.suffix.startsWith("=")) suffix = rng.pick(type.suffix.slice(1).split(","));
  else if (type.suffix === "sport" && rng.chance(0.7)) suffix = rng.pick(STYLE_NAMES.sport);
  else if (type.suffix === "eastern" && rng.chance(0.8)) suffix = rng.pick(STYLE_NAMES.eastern);
  const head = [brand, audience, qualifier, type.noun].filter(Boolean).join(" ");
  return suffix ? `${head} – ${suffix}` : head;
}

export type GeneratorState = { slugs: Set<string>; ids: CatalogIds };

/** Builds product number `i` (0-based). Mutates `state.slugs`. */
export function generateProduct(i: number, state: GeneratorState): GeneratedProduct {
  const rng = createRng(hashString(`maidan-product-${i}`));
  const leaf = pickLeaf(i, rng);
  const type = rng.pick(typesByLeaf.get(leaf.slug) ?? []);
  const audience = rng.pick(leaf.audiences);
  const brand = rng.pick(brandsFor(leaf.family, audience));
  const vendor = rng.pick(vendorsFor(leaf.family));
  const name = buildName(brand.name, audience, type, rng);

  let slug = slugify(name);
  while (state.slugs.has(slug)) slug = `${slugify(name)}-${rng.code(4)}`;
  state.slugs.add(slug);

  const material = rng.pick(type.materials);
  const origin = rng.chance(0.85) ? "Made in Pakistan" : "Imported";
  const lines = [type.blurb, `Material: ${material}.`];
  if (rng.chance(0.7)) lines.push(rng.pick(FAMILY_LINES[leaf.family]));
  if (rng.chance(0.4)) lines.push(`Sold and shipped by ${vendor.name}, ${vendor.city}.`);
  const specs: Record<string, string> = { Material: material };
  const fits = FITS[leaf.family === "kids" && type.shape === "shoe" ? "footwear" : leaf.family];
  if (fits) specs.Fit = rng.pick(fits);
  specs.Care = CARE[leaf.family];
  specs.Origin = origin;

  const id = randomUUID();
  const colors = rng.sample(SHAPE_COLORS[type.shape], colorCount(rng)) as ColorName[];
  const sizes = pickSizes(type, rng);
  const baseMrp = Math.max(type.price[0], shopPrice(rng.int(type.price[0], type.price[1])));
  const onSale = rng.chance(0.35);
  const discount = onSale ? rng.int(10, 50) / 100 : 0;
  const bigSizePremium = rng.chance(0.2) ? rng.pick([100, 200, 300]) : 0;
  const sku = `MD${String(i + 1).padStart(6, "0")}`;
  const variantRows: VariantRow[] = [];
  for (const color of colors) {
    for (const size of sizes) {
      const big = size === "XL" || size === "XXL" || size === "44" || size === "LH";
      const mrp = big && bigSizePremium ? shopPrice(baseMrp + bigSizePremium) : baseMrp;
      let price = onSale ? shopPrice(mrp * (1 - discount), "down") : mrp;
      if (price >= mrp) price = mrp;
      const sort = variantRows.length;
      variantRows.push({
        productId: id,
        sku: `${sku}-${code(color)}-${code(size)}`,
        size,
        color,
        price,
        mrp,
        stock: stockFor(rng),
        sort,
      });
    }
  }
  const cheapest = variantRows.reduce((a, b) => (b.price < a.price ? b : a));

  const imageFiles = colors.slice(0, 4).map((c) => productImageFile(type.shape, c));
  if (imageFiles.length < 2 || (imageFiles.length < 4 && rng.chance(0.4))) {
    // The close-up shows the first colour, the one the page opens on.
    imageFiles.push(productDetailFile(type.shape, colors[0] ?? "Grey"));
  }
  const images: ImageRow[] = imageFiles.map((file, sort) => ({
    productId: id,
    url: mediaUrl(file),
    alt: sort < colors.length ? `${name} – ${colors[sort]}` : `${name} – detail`,
    width: 800,
    height: 800,
    sort,
  }));

  const soldCount = rng.chance(0.25) ? 0 : rng.chance(0.06) ? rng.int(200, 2500) : rng.int(1, 60);
  const rated = soldCount > 0 && rng.chance(0.75);
  const ratingCount = rated ? rng.int(1, Math.max(1, Math.ceil(soldCount / 3))) : 0;
  const ratingAvg = rated ? Math.max(rng.int(32, 50), rng.int(30, 50)) * 10 : 0;
  const createdAt = new Date(
    CATALOGUE_BASE_DATE - rng.int(0, 119) * DAY - rng.int(0, 86_399) * 1000,
  );

  const top = TOP_LEVEL.find((t) => leaf.slug.startsWith(t)) ?? "accessories-equipment";
  const tags = new Set([
    top,
    leaf.family,
    ...slugify(type.noun)
      .split("-")
      .filter((w) => w.length > 2),
  ]);
  if (onSale) tags.add("sale");
  if (leaf.family === "eastern") tags.add("eid");
  if (
    /lawn|linen|voile|slides|sandal|shorts|t-shirt|kurti|chappal/i.test(`${type.noun} ${material}`)
  ) {
    tags.add("summer");
  }
  if (/lawn/i.test(`${type.noun} ${material}`)) tags.add("lawn");

  const product: ProductRow = {
    id,
    slug,
    name,
    description: lines.join(" "),
    specs,
    categoryId: requireId(state.ids.category, leaf.slug),
    brandId: requireId(state.ids.brand, brand.name),
    vendorId: requireId(state.ids.vendor, vendor.name),
    price: cheapest.price,
    mrp: cheapest.mrp,
    soldCount,
    ratingAvg,
    ratingCount,
    tags: [...tags],
    createdAt,
    updatedAt: createdAt,
    // The copies the variants trigger keeps (migration catalog_variant_facets). Written here too,
    // so the trigger finds them right and does not rewrite every product row of a bulk seed.
    ...variantCopies(variantRows),
  };
  return { product, variants: variantRows, images };
}

function requireId(map: Map<string, string>, key: string): string {
  const id = map.get(key);
  if (!id) throw new Error(`seed: no id for '${key}'`);
  return id;
}

/** Sorted distinct sizes and colours of the active variants, and whether one is in stock. */
function variantCopies(rows: VariantRow[]) {
  const active = rows.filter((v) => v.active !== false);
  const distinct = (xs: (string | null | undefined)[]) =>
    [...new Set(xs.filter((x): x is string => !!x))].sort();
  const stocked = active.filter((v) => (v.stock ?? 0) > 0);
  return {
    sizes: distinct(active.map((v) => v.size)),
    colors: distinct(active.map((v) => v.color)),
    inStock: stocked.length > 0,
    sizesInStock: distinct(stocked.map((v) => v.size)),
    colorsInStock: distinct(stocked.map((v) => v.color)),
  };
}
