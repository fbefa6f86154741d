import { brandBody, categoryBody, storeBody } from "@maidan/contracts/admin-content";
import type { Db } from "@maidan/db/database";
import { brands, categories, products, vendors } from "@maidan/db/schema-catalog";
import { asc } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { badRequest } from "../../lib/errors.ts";
import { type RecordTable, slugged } from "../../lib/record-editor.ts";
import { categoryParents, childrenOf, countBy, productsOf } from "./structure.repository.ts";

/** Each record's number of products, by the products' column that points at it. */
const productCounts = (column: AnyPgColumn) => ({
  defaults: { products: 0 },
  load: async (db: Parameters<typeof countBy>[0]) =>
    new Map([...(await countBy(db, column))].map(([id, n]) => [id, { products: n }])),
});

/**
 * The catalogue's structure as the back-office edits it (decision 062): the category tree,
 * brands and vendors' stores. A category or brand with products (or subcategories) is not
 * deleted: 409 naming them; a store is unpublished instead.
 */
export function structureTables(db: Db) {
  const categoryTable = slugged({
    table: categories,
    body: categoryBody,
    label: "category",
    recordType: "category",
    name: categories.name,
    order: [asc(categories.sort), asc(categories.name)],
    images: ["image"],
    news: "catalog",
    extras: {
      defaults: { products: 0, children: 0 },
      async load(tx) {
        const [p, c] = await Promise.all([
          countBy(tx, products.categoryId),
          countBy(tx, categories.parentId, categories),
        ]);
        const ids = new Set([...p.keys(), ...c.keys()]);
        return new Map(
          [...ids].map((id) => [id, { products: p.get(id) ?? 0, children: c.get(id) ?? 0 }]),
        );
      },
    },
    /** A move stays out of the category's own subtree. */
    async prepare(values, id) {
      if (!values.parentId) return;
      const parentOf = new Map((await categoryParents(db)).map((c) => [c.id, c.parentId]));
      if (!parentOf.has(String(values.parentId)))
        throw badRequest("parentId: that parent category does not exist");
      for (let at: string | null | undefined = String(values.parentId); at; at = parentOf.get(at))
        if (at === id)
          throw badRequest(
            "parentId: a category cannot move under itself or one of its subcategories",
          );
    },
    async blocker(tx, id) {
      const uses = [await childrenOf(tx, id), await productsOf(tx, products.categoryId, id)];
      return uses.filter(Boolean).join(" and ") || null;
    },
  });
  return {
    categories: categoryTable,
    brands: slugged({
      table: brands,
      body: brandBody,
      label: "brand",
      recordType: "brand",
      name: brands.name,
      order: [asc(brands.sort), asc(brands.name)],
      images: ["logo"],
      news: "catalog",
      extras: productCounts(products.brandId),
      blocker: (tx, id) => productsOf(tx, products.brandId, id),
    }),
    stores: slugged({
      table: vendors,
      body: storeBody,
      label: "store",
      recordType: "store",
      name: vendors.name,
      order: [asc(vendors.name)],
      images: ["logo", "banner"],
      news: "catalog",
      extras: { ...productCounts(products.vendorId), defaults: { products: 0, ownerId: null } },
    }),
  } satisfies Record<string, RecordTable>;
}
