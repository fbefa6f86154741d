import type {
  CatalogService,
  CategoryTreeNode,
  ProductList,
  ProductListQuery,
} from "@maidan/contracts/catalog";
import { isAppError } from "@maidan/contracts/errors";
import { readListingQuery } from "./listing-query.server";
import { outsideScopeTitle } from "./listing-scope";
import type { SeoCrumb } from "./listing-seo";
import { originOf } from "./origin.server";

/**
 * A listing's products; a page past the end (the API's 400) falls back to the first page, so an
 * old or hand-edited link still shows something sensible.
 */
export async function listOrFirstPage(
  load: (q: ProductListQuery) => Promise<ProductList>,
  query: ProductListQuery,
): Promise<{ list: ProductList; query: ProductListQuery }> {
  try {
    return { list: await load(query), query };
  } catch (error) {
    if (!isAppError(error) || error.status !== 400 || query.page === 1) throw error;
    const first = { ...query, page: 1 };
    return { list: await load(first), query: first };
  }
}

function findPath(nodes: CategoryTreeNode[], slug: string): CategoryTreeNode[] | null {
  for (const n of nodes) {
    if (n.slug === slug) return [n];
    const below = findPath(n.children, slug);
    if (below) return [n, ...below];
  }
  return null;
}

/** `/{slug}` and `/{slug}/{c}` (`c` = a descendant's slug, or `all` for the category itself). */
export async function categoryListing(
  catalog: CatalogService,
  slug: string,
  child: string | undefined,
  request: Request,
) {
  const tree = await catalog.categoryTree();
  const topPath = findPath(tree, slug);
  if (!topPath) return null;
  const top = topPath.at(-1) as CategoryTreeNode;
  let path = topPath;
  if (child && child !== "all") {
    const below = findPath(top.children, child);
    if (!below) return null;
    path = [...topPath, ...below];
  }
  const current = path.at(-1) as CategoryTreeNode;
  const url = new URL(request.url);
  const { list, query } = await listOrFirstPage(
    (q) => catalog.list({ ...q, category: current.slug }),
    readListingQuery(url.searchParams),
  );
  // A filter listing other categories' products names the page after them (issue #18).
  const named = outsideScopeTitle(tree, current, query.subcategory);
  const crumbs: SeoCrumb[] = named
    ? [{ name: "Home", href: "/" }, { name: named }]
    : [
        { name: "Home", href: "/" },
        ...path.map((c, i) => ({
          name: c.name,
          href:
            i === path.length - 1
              ? undefined
              : i < topPath.length
                ? `/${c.slug}`
                : `/${slug}/${c.slug}`,
        })),
      ];
  return {
    kind: "listing" as const,
    category: {
      slug: current.slug,
      name: named ?? current.name,
      description: current.description,
      image: current.image,
    },
    crumbs,
    list,
    query,
    origin: originOf(request),
    path: url.pathname,
  };
}
export type CategoryListing = NonNullable<Awaited<ReturnType<typeof categoryListing>>>;
