import type { CategoryTreeNode } from "@maidan/contracts/catalog";
import { useState } from "react";
import { type Picked, ProductPicker } from "./product-picker";

type Scope = "all" | "category" | "product";

/** The tree as a flat list, each name indented by its depth. */
const flatten = (nodes: CategoryTreeNode[], depth = 0): { id: string; label: string }[] =>
  nodes.flatMap((n) => [
    { id: n._id, label: `${"— ".repeat(depth)}${n.name}` },
    ...flatten(n.children, depth + 1),
  ]);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a promotion's or voucher's scope covers, in words: "everything", the names when known
 * (three at most), else how many categories or products.
 */
export function scopeText(scope: Scope, ids: string[], names: Map<string, string> = new Map()) {
  if (scope === "all") return "everything";
  const known = ids.map((id) => names.get(id)).filter((n): n is string => Boolean(n));
  if (known.length === ids.length && ids.length > 0 && ids.length <= 3) return known.join(", ");
  return scope === "category"
    ? plural(ids.length, "category", "categories")
    : plural(ids.length, "product", "products");
}

/**
 * Which lines a promotion or a voucher covers (decisions 014 and 064): everything, the categories
 * chosen (with their subcategories), or the products chosen with the picker. Posts `scope`,
 * `categoryIds` and `productIds` (lib/admin-form.ts reads them).
 */
export function ScopeFields({
  scope,
  scopeIds,
  categories,
  products,
}: {
  scope?: Scope;
  scopeIds?: string[];
  categories: CategoryTreeNode[];
  /** The chosen products, by name (a product scope's ids read back). */
  products: Picked[];
}) {
  const [current, setCurrent] = useState<Scope>(scope ?? "all");
  return (
    <>
      <label className="field">
        <span>Applies to</span>
        <select
          name="scope"
          defaultValue={scope ?? "all"}
          onChange={(e) => setCurrent(e.target.value as Scope)}
        >
          <option value="all">Everything</option>
          <option value="category">The categories chosen</option>
          <option value="product">The products chosen</option>
        </select>
      </label>
      {current === "category" && (
        <label className="field">
          <span>Categories (with their subcategories)</span>
          <select
            name="categoryIds"
            multiple
            size={6}
            defaultValue={scope === "category" ? scopeIds : []}
          >
            {flatten(categories).map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {current === "product" && (
        <ProductPicker
          name="productIds"
          label="Products"
          mode="product"
          multiple
          initial={scope === "product" ? products : []}
        />
      )}
    </>
  );
}
