import { type ProductTile, productTile } from "@maidan/contracts/catalog";
import { type BannerItem, bannerItem } from "@maidan/contracts/site";

/**
 * A landing entry's `data` is free-form JSON edited by staff. The storefront shows the parts it
 * understands (headline, subtitle, banner art, discount, categories, tags, banners, products)
 * and skips anything malformed rather than failing.
 */
export type LandingContent = {
  headline: string | null;
  subtitle: string | null;
  description: string | null;
  /** Desktop and phone art for the top of the page. */
  banner: string | null;
  mobileBanner: string | null;
  /** e.g. "Up to 50% off". */
  discount: string | null;
  categories: LandingCategory[];
  tags: string[];
  banners: BannerItem[];
  products: ProductTile[];
};

export type LandingCategory = { slug: string; name: string; image: string | null };

/** A category link as the seed and the back office write it: `{ slug, name, image? }`. */
const landingCategory: Schema<LandingCategory> = {
  safeParse(value) {
    const v = value as Partial<Record<keyof LandingCategory, unknown>>;
    if (typeof value !== "object" || value === null) return { success: false };
    if (typeof v.slug !== "string" || !v.slug || typeof v.name !== "string" || !v.name) {
      return { success: false };
    }
    const image = typeof v.image === "string" ? v.image : null;
    return { success: true, data: { slug: v.slug, name: v.name, image } };
  },
};

type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

function validItems<T>(value: unknown, schema: Schema<T>, defaults: object = {}): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = schema.safeParse(
      typeof item === "object" && item !== null ? { ...defaults, ...item } : item,
    );
    return parsed.success ? [parsed.data] : [];
  });
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);

export function readLandingContent(data: Record<string, unknown>): LandingContent {
  return {
    headline: text(data.headline),
    subtitle: text(data.subtitle),
    description: text(data.description),
    banner: text(data.banner),
    mobileBanner: text(data.mobileBanner),
    discount: text(data.discount),
    categories: validItems(data.categories, landingCategory),
    tags: Array.isArray(data.tags) ? data.tags.flatMap((t) => (text(t) ? [t as string] : [])) : [],
    // Staff often leave out the alt text; an empty one marks the image as decorative.
    banners: validItems(data.banners, bannerItem, { alt: "" }),
    products: validItems(data.products, productTile),
  };
}

/** Staff-picked products first, then the ones the entry's data matched, each once. */
export function mergeProducts(...lists: ProductTile[][]): ProductTile[] {
  const seen = new Set<string>();
  return lists.flat().filter((p) => !seen.has(p._id) && seen.add(p._id));
}
