import type { ProductList, ProductListQuery } from "@maidan/contracts/catalog";
import { listOrFirstPage } from "./category-listing.server";
import { readListingQuery } from "./listing-query.server";
import { originOf } from "./origin.server";

/**
 * A listing whose scope the page fixes (a brand, a vendor, the newest products): the URL's
 * filters plus `fixed`, which wins over the URL.
 */
export async function scopedListing(
  request: Request,
  fixed: Partial<ProductListQuery>,
  load: (q: ProductListQuery) => Promise<ProductList>,
) {
  const url = new URL(request.url);
  const { list, query } = await listOrFirstPage(
    (q) => load({ ...q, ...fixed }),
    readListingQuery(url.searchParams),
  );
  return { list, query, origin: originOf(request), path: url.pathname };
}
