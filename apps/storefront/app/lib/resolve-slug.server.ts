import type { AppServices, CategoryPage } from "@maidan/contracts/services";
import type { Page } from "@maidan/contracts/site";
import { log } from "./log.server";

export type SlugTarget<P> =
  | { kind: "page"; page: Page }
  | { kind: "category"; category: CategoryPage }
  | { kind: "product"; product: P };

/**
 * What `/{slug}` or `/{slug}/{c}` shows (spec §2): a CMS page when the slug is in the pages list,
 * else a category (with its optional child), else a product; null means 404. When the pages list
 * cannot be loaded, each kind is simply tried in turn. `findProduct` looks a product up by slug
 * (the slug route passes the catalogue's detail).
 */
export async function resolveSlug<P>(
  site: AppServices["site"],
  slug: string,
  child: string | undefined,
  findProduct: (slug: string) => Promise<P | null>,
): Promise<SlugTarget<P> | null> {
  const table = await site.pagesRouter().catch((error: unknown) => {
    log().warn({ err: error }, "storefront: pages router could not be loaded; probing instead");
    return null;
  });
  const mayBePage = child === undefined && (table?.pages.some((p) => p.slug === slug) ?? true);
  const isCategory = table?.categories.some((category) => category.slug === slug) ?? true;

  if (mayBePage) {
    const page = await site.page(slug);
    if (page) return { kind: "page", page };
  }
  if (isCategory) {
    const category = await site.categoryPage(slug, child);
    if (category) return { kind: "category", category };
    // A known category with an unknown child is a 404, not a product.
    if (table) return null;
  }
  const product = await findProduct(child === undefined ? slug : `${slug}/${child}`);
  return product ? { kind: "product", product } : null;
}
