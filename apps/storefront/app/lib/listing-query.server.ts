import {
  DEFAULT_LIMIT,
  MAX_PAGE,
  type ProductListQuery,
  productListQuery,
  SORTS,
} from "@maidan/contracts/catalog";
import { LIST_KEYS } from "./listing-query";

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/**
 * A listing's state from its URL, forgiving: each bad value falls back to its default instead
 * of failing the page (the API answers 400 for the same input). Lists may be comma-joined
 * (`subcategory=a,b`, as in the legacy redirects) or repeated (`brand=a&brand=b`, as forms send).
 */
export function readListingQuery(params: URLSearchParams): ProductListQuery {
  const raw: Record<string, string> = {};
  for (const key of LIST_KEYS) {
    const values = params
      .getAll(key)
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter((v) => v && (key === "size" || key === "color" || SLUG.test(v)) && v.length <= 40);
    if (values.length) raw[key] = [...new Set(values)].slice(0, 50).join(",");
  }
  const sort = params.get("sort");
  if (sort && (SORTS as readonly string[]).includes(sort)) raw.sort = sort;
  for (const key of ["minPrice", "maxPrice"] as const) {
    const v = params.get(key);
    if (v && /^\d{1,7}$/.test(v)) raw[key] = v;
  }
  if (raw.minPrice && raw.maxPrice && Number(raw.minPrice) > Number(raw.maxPrice)) {
    delete raw.maxPrice;
  }
  for (const key of ["inStock", "onSale"] as const) {
    const v = params.get(key);
    if (v === "true" || v === "1" || v === "on") raw[key] = "true";
  }
  const page = Number(params.get("page"));
  if (Number.isInteger(page) && page >= 1 && page <= MAX_PAGE) raw.page = String(page);
  const parsed = productListQuery.safeParse({ ...raw, limit: String(DEFAULT_LIMIT) });
  return parsed.success ? parsed.data : productListQuery.parse({});
}
