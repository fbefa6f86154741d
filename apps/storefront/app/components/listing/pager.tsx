import type { ProductListQuery } from "@maidan/contracts/catalog";
import { Link } from "react-router";
import { listingSearch } from "../../lib/listing-query";

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
      {last < pages && (
        <Link to={href(last + 1)} rel="next">
          Next page
        </Link>
      )}
    </nav>
  );
}
