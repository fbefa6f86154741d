import type { ProductPick } from "@maidan/contracts/admin-products";
import type { CategoryTreeNode } from "@maidan/contracts/catalog";

/** A product (or one variant of it) as a form shows it once chosen (decision 064). */
export type Picked = { id: string; name: string; detail: string };

/** The choices a product offers: itself (with its store), or each of its variants. */
export const choicesOf = (p: ProductPick, mode: "product" | "variant"): Picked[] =>
  mode === "product"
    ? [{ id: p._id, name: p.name, detail: p.vendor }]
    : p.variants.map((v) => ({
        id: v._id,
        name: p.name,
        detail: [v.label, v.sku].filter(Boolean).join(" · "),
      }));

/** Every category's name by id, for saying what a scope covers. */
export const categoryNames = (nodes: CategoryTreeNode[]): Map<string, string> =>
  new Map(nodes.flatMap((n) => [[n._id, n.name] as const, ...categoryNames(n.children).entries()]));
