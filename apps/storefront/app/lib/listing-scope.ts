import type { CategoryTreeNode } from "@maidan/contracts/catalog";

function find(nodes: CategoryTreeNode[], slug: string): CategoryTreeNode | null {
  for (const n of nodes) {
    if (n.slug === slug) return n;
    const below = find(n.children, slug);
    if (below) return below;
  }
  return null;
}

/** "A", "A & B", "A, B & C". */
function joinNames(names: string[]): string {
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} & ${names.at(-1)}`;
}

/**
 * The title of a category listing whose `subcategory` filter reaches outside the category: the
 * legacy /product-category/apparel lands on /men/all?subcategory=men-clothing,women-clothing,…
 * (spec §2), which lists women's and kids' clothes too, so "Men" would be wrong. Then the page is
 * named after the categories it lists ("Men's Clothing, Women's Clothing & Kids' Clothing");
 * otherwise null (the category's own name stands).
 */
export function outsideScopeTitle(
  tree: CategoryTreeNode[],
  current: CategoryTreeNode,
  subcategories: string[] | undefined,
): string | null {
  if (!subcategories?.length) return null;
  const chosen = subcategories.map((s) => find(tree, s)).filter((n) => n !== null);
  if (chosen.every((n) => n.slug === current.slug || find(current.children, n.slug))) return null;
  return joinNames(chosen.map((n) => n.name));
}
