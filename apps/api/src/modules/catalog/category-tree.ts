import type { CategoryTreeNode, LinkRef } from "@maidan/contracts/catalog";
import type { listCategories } from "./catalog.repository.ts";

type Row = Awaited<ReturnType<typeof listCategories>>[number];

/** The category table as a tree with product counts rolled up, plus lookups by slug and id. */
export function buildCategoryTree(list: Row[]) {
  const byId = new Map(list.map((c) => [c.id, c]));
  const bySlug = new Map(list.map((c) => [c.slug, c]));
  const childrenOf = new Map<string | null, Row[]>();
  for (const c of list) {
    const parent = c.parentId && byId.has(c.parentId) ? c.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), c]);
  }

  /** The category and everything under it. */
  const descendants = (id: string): string[] => {
    const ids = [id];
    for (let i = 0; i < ids.length; i++) {
      for (const c of childrenOf.get(ids[i] ?? "") ?? []) ids.push(c.id);
    }
    return ids;
  };

  const node = (c: Row): CategoryTreeNode => {
    const children = (childrenOf.get(c.id) ?? []).map(node);
    return {
      _id: c.id,
      slug: c.slug,
      name: c.name,
      image: c.image,
      description: c.description,
      parent: c.parentId,
      productCount: c.direct + children.reduce((n, x) => n + x.productCount, 0),
      children,
    };
  };
  const roots = (childrenOf.get(null) ?? []).map(node);
  const nodes = new Map<string, CategoryTreeNode>();
  const index = (n: CategoryTreeNode) => {
    nodes.set(n.slug, n);
    n.children.forEach(index);
  };
  roots.forEach(index);

  /** Root first, the category itself last. */
  const breadcrumbs = (id: string): LinkRef[] => {
    const out: LinkRef[] = [];
    for (let c = byId.get(id); c; c = c.parentId ? byId.get(c.parentId) : undefined) {
      out.unshift({ slug: c.slug, name: c.name });
      if (out.length > 20) break; // a cycle in bad data must not hang a request
    }
    return out;
  };

  return {
    roots,
    bySlug,
    byId,
    node: (slug: string) => nodes.get(slug),
    children: (id: string | null) => childrenOf.get(id) ?? [],
    descendants,
    breadcrumbs,
  };
}
export type CategoryIndex = ReturnType<typeof buildCategoryTree>;
