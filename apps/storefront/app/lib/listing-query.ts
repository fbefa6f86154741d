import type { ProductListQuery, Sort } from "@maidan/contracts/catalog";

// Browser-safe: the listing views import this file, so it may only import types from the
// contracts (their zod schemas would add ~25 KB gzipped to every listing page). The parsing
// with zod is in listing-query.server.ts.

/** The URL keys a listing reads; everything else in the query string is left alone. */
export const LIST_KEYS = ["subcategory", "brand", "vendor", "size", "color"] as const;

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
