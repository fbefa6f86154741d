import { redirect } from "react-router";
import { ComingSoon } from "../components/coming-soon";
import { ErrorPage } from "../components/error-page";
import { SearchForm } from "../components/search-form";
import { errorMeta, pageMeta } from "../lib/seo";
import type { Route } from "./+types/search";

/** /search/{q}. A plain form post arrives as /search?q=…, moved to the canonical address. */
export function loader({ params, url }: Route.LoaderArgs) {
  const fromForm = url.searchParams.get("q")?.trim();
  if (!params.q && fromForm) throw redirect(`/search/${encodeURIComponent(fromForm)}`);
  return { q: params.q ?? "" };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error
    ? errorMeta(matches, error)
    : pageMeta(matches, { title: loaderData?.q ? `Search: ${loaderData.q}` : "Search" });

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q } = loaderData;
  return (
    <>
      <div className="search-page__form">
        <SearchForm key={q} defaultValue={q} />
      </div>
      <ComingSoon
        heading={q ? `Results for “${q}” are coming soon` : "Search opens soon"}
        text="Product search is being built. Meanwhile, the categories above lead to every product."
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
