import { type BannerItem, bannerItem, type ProductTile, productTile } from "@maidan/contracts/site";

/**
 * A landing entry's `data` is free-form JSON edited by staff. The storefront shows the parts it
 * understands (a summary, banners, products) and skips anything malformed rather than failing.
 */
export type LandingContent = {
  description: string | null;
  banners: BannerItem[];
  products: ProductTile[];
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

export function readLandingContent(data: Record<string, unknown>): LandingContent {
  return {
    description: typeof data.description === "string" ? data.description : null,
    // Staff often leave out the alt text; an empty one marks the image as decorative.
    banners: validItems(data.banners, bannerItem, { alt: "" }),
    products: validItems(data.products, productTile),
  };
}
