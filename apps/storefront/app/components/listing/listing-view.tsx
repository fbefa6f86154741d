import type { ProductList, ProductListQuery } from "@maidan/contracts/catalog";
import { type ReactNode, useCallback, useState } from "react";
import { Link, useLocation } from "react-router";
import { listingSearch } from "../../lib/listing-query";
import { activeFilterCount, type FiltersHide, FiltersPanel } from "./filters-panel";
import { InfiniteProducts } from "./infinite-products";
import { Pager } from "./pager";
import "../../styles/listing.css";

export type Crumb = { name: string; href?: string };

/**
 * A product listing: breadcrumbs, heading, filters and sort, the grid with infinite scroll, and
 * page links. `api` is the API path answering the same query (e.g. `/api/products?category=men`).
 */
export function ListingView({
  title,
  intro,
  crumbs,
  list,
  query,
  api,
  hide,
  q,
  empty = "No products match these filters.",
}: {
  title: string;
  intro?: ReactNode;
  crumbs: Crumb[];
  list: ProductList;
  query: ProductListQuery;
  api: { path: string; fixed: Record<string, string> };
  hide?: FiltersHide;
  q?: string;
  empty?: string;
}) {
  const location = useLocation();
  const [lastPage, setLastPage] = useState(list.page);
  const apiHref = useCallback(
    (page: number) => {
      const s = new URLSearchParams(listingSearch({ ...query, page }).slice(1));
      for (const [k, v] of Object.entries(api.fixed)) s.set(k, v);
      if (q) s.set("q", q);
      s.set("limit", String(query.limit));
      return `${api.path}?${s.toString()}`;
    },
    [query, api, q],
  );
  const first = (list.page - 1) * list.limit + 1;
  // Nothing found and no filter to undo: sorting and filtering nothing is noise (issue #18).
  const bare = list.total === 0 && activeFilterCount(query, hide) === 0;
  return (
    <section className="listing">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          {crumbs.map((c) => (
            <li key={`${c.name}-${c.href}`} aria-current={c.href ? undefined : "page"}>
              {c.href ? <Link to={c.href}>{c.name}</Link> : c.name}
            </li>
          ))}
        </ol>
      </nav>
      <h1>{title}</h1>
      {intro}
      <p className="listing__count" aria-live="polite">
        {list.total === 0
          ? "No products"
          : `${list.total.toLocaleString("en-US")} products${list.page > 1 ? `, from #${first}` : ""}`}
      </p>
      <div className="listing__body">
        {!bare && <FiltersPanel facets={list.facets} query={query} hide={hide} q={q} />}
        <div className="listing__results">
          <InfiniteProducts
            key={location.key}
            list={list}
            apiHref={apiHref}
            onPage={setLastPage}
            empty={empty}
          />
          <Pager
            query={query}
            pages={list.pages}
            from={lastPage}
            extra={q ? `q=${encodeURIComponent(q)}` : ""}
          />
        </div>
      </div>
    </section>
  );
}
