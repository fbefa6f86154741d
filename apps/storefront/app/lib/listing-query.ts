import {
  DEFAULT_LIMIT,
  MAX_PAGE,
  type ProductListQuery,
  productListQuery,
  SORTS,
  type Sort,
} from "@maidan/contracts/catalog";

/** The URL keys a listing reads; everything else in the query string is left alone. */
const LIST_KEYS = ["subcategory", "brand", "vendor", "size", "color"] as const;
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

/** The query string of a listing state: stable order, defaults left out, lists comma-joined. */
export function listingSearch(q: Partial<ProductListQuery>): string {
  const out = new URLSearchParams();
  for (const key of LIST_KEYS) if (q[key]?.length) out.set(key, q[key].join(","));
  if (q.minPrice !== undefined) out.set("minPrice", String(q.minPrice));
  if (q.maxPrice !== undefined) out.set("maxPrice", String(q.maxPrice));
  if (q.inStock) out.set("inStock", "true");
  if (q.onSale) out.set("onSale", "true");
  if (q.sort) out.set("sort", q.sort);
  if (q.page && q.page > 1) out.set("page", String(q.page));
  const s = out.toString().replaceAll("%2C", ",");
  return s ? `?${s}` : "";
}

export const SORT_LABELS: Record<Sort, string> = {
  relevance: "Relevance",
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  "best-selling": "Best selling",
  rating: "Top rated",
};
