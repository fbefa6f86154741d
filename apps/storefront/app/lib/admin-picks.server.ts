import type { Staff } from "@maidan/contracts/admin-orders";
import type { CategoryTreeNode } from "@maidan/contracts/catalog";
import type { AppServices } from "@maidan/contracts/services";
import { categoryNames, choicesOf, type Picked } from "./scope-picks";

/**
 * The products and variants a form has chosen already, by name (decision 064): one read of the
 * picker's endpoint by id. Ids that name nothing any more are left out.
 */
export async function pickedFor(
  s: AppServices,
  staff: Staff,
  chosen: { products?: string[]; variants?: string[] },
): Promise<Picked[]> {
  const products = chosen.products ?? [];
  const variants = chosen.variants ?? [];
  const ids = [...new Set([...products, ...variants])];
  if (ids.length === 0) return [];
  const found = await s.adminProducts.picks(staff, { ids: ids.join(",") });
  return [
    ...found.products
      .flatMap((p) => choicesOf(p, "product"))
      .filter((c) => products.includes(c.id)),
    ...found.products
      .flatMap((p) => choicesOf(p, "variant"))
      .filter((c) => variants.includes(c.id)),
  ];
}

/**
 * The names a list of promotions or vouchers shows for their scopes: every category's, and the
 * chosen products' (one read; a list naming more than the picker reads says how many instead).
 */
export async function scopeNames(
  s: AppServices,
  staff: Staff,
  items: { scope: "all" | "category" | "product"; scopeIds: string[] }[],
  categories: CategoryTreeNode[],
): Promise<Map<string, string>> {
  const names = categoryNames(categories);
  const products = [
    ...new Set(items.flatMap((i) => (i.scope === "product" ? i.scopeIds : []))),
  ].slice(0, 250);
  for (const p of await pickedFor(s, staff, { products })) names.set(p.id, p.name);
  return names;
}
