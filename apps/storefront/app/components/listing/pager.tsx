import type { ProductListQuery } from "@maidan/contracts/catalog";
import { Link } from "react-router";
import { listingSearch } from "../../lib/listing-query";
import { nextPage } from "./infinite-products";

/** Real page links under a listing, for crawlers, no-JS and anyone who prefers them. */
export function Pager({
  query,
  pages,
  from,
  extra = "",
}: {
  query: ProductListQuery;
  pages: number;
  /** The last page already shown (infinite scroll moves it on). */
  from?: number;
  /** Query keys that are not listing filters (the search words). */
  extra?: string;
}) {
  const last = from ?? query.page;
  const next = nextPage(last, pages);
  if (pages <= 1) return null;
  const href = (page: number) => {
    const s = listingSearch({ ...query, page });
    return extra ? (s ? `${s}&${extra}` : `?${extra}`) : s || "?";
  };
  return (
    <nav className="pager" aria-label="Pages">
      {query.page > 1 && (
        <Link to={href(query.page - 1)} rel="prev">
          Previous page
        </Link>
      )}
      <span>{`Page ${last} of ${pages}`}</span>
      {next !== null && (
        <Link to={href(next)} rel="next">
          Next page
        </Link>
      )}
    </nav>
  );
}
