import { Link, redirect } from "react-router";
import { ErrorPage } from "../components/error-page";
import { ListingView } from "../components/listing/listing-view";
import { SearchForm } from "../components/search-form";
import { listingMeta } from "../lib/listing-seo";
import { scopedListing } from "../lib/scoped-listing.server";
import { errorMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import type { Route } from "./+types/search";
import "../styles/listing.css";

const MAX_Q = 100;

/** /search/{q}. A plain form post arrives as /search?q=…, moved to the canonical address. */
export async function loader({ params, url, context, request }: Route.LoaderArgs) {
  const fromForm = url.searchParams.get("q")?.trim();
  if (!params.q && fromForm)
    throw redirect(`/search/${encodeURIComponent(fromForm.slice(0, MAX_Q))}`);
  const q = (params.q ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_Q);
  if (!q) return { q, result: null };
  const { catalog } = services(context);
  let meta = {
    q,
    terms: [] as string[],
    suggestions: { terms: [] as string[], categories: [] as { slug: string; name: string }[] },
  };
  const listing = await scopedListing(request, {}, async (query) => {
    const r = await catalog.search(q, query);
    meta = { q: r.q, terms: r.terms, suggestions: r.suggestions };
    return r;
  });
  return { q, result: { ...listing, ...meta } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (error || !loaderData) return errorMeta(matches, error);
  const r = loaderData.result;
  if (!r)
    return listingMeta(matches, { title: "Search", origin: "", path: "/search" }).filter(
      (m) => !("tagName" in m),
    );
  return [
    ...listingMeta(matches, {
      title: `Search: ${loaderData.q}`,
      description: `${r.list.total} products for “${loaderData.q}” on Maidan.`,
      origin: r.origin,
      path: r.path,
      pageNumber: r.query.page,
    }),
    // Result pages are endless variations: keep them out of the index, follow their links.
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, result } = loaderData;
  return (
    <>
      <div className="search-page__form">
        <SearchForm key={q} defaultValue={q} />
      </div>
      {!result ? (
        <section>
          <h1>Search</h1>
          <p>Type what you are looking for: a product, a brand or a category.</p>
        </section>
      ) : (
        <ListingView
          title={`Results for “${q}”`}
          crumbs={[{ name: "Home", href: "/" }, { name: "Search" }]}
          list={result.list}
          query={result.query}
          api={{ path: "/api/search", fixed: {} }}
          q={q}
          empty={`Nothing matched “${q}”.`}
          intro={
            result.list.total === 0 ? <NoResults suggestions={result.suggestions} /> : undefined
          }
        />
      )}
    </>
  );
}

function NoResults({
  suggestions,
}: {
  suggestions: { terms: string[]; categories: { slug: string; name: string }[] };
}) {
  return (
    <div className="search-suggestions">
      {suggestions.terms.length > 0 && (
        <>
          <h2>Did you mean</h2>
          <ul>
            {suggestions.terms.map((t) => (
              <li key={t}>
                <Link to={`/search/${encodeURIComponent(t)}`}>{t}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {suggestions.categories.length > 0 && (
        <>
          <h2>Popular categories</h2>
          <ul>
            {suggestions.categories.map((c) => (
              <li key={c.slug}>
                <Link to={`/${c.slug}`}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
