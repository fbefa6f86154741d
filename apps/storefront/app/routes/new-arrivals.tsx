import { ErrorPage } from "../components/error-page";
import { ListingView } from "../components/listing/listing-view";
import { listingMeta } from "../lib/listing-seo";
import { scopedListing } from "../lib/scoped-listing.server";
import { errorMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import type { Route } from "./+types/new-arrivals";
import "../styles/listing.css";

const crumbs = [{ name: "Home", href: "/" }, { name: "New arrivals" }];

/** /new-arrivals: the newest products first, with the usual filters. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalog } = services(context);
  return scopedListing(request, {}, catalog.newArrivals);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData
    ? errorMeta(matches, error)
    : listingMeta(matches, {
        title: "New arrivals",
        description: "The newest sportswear, footwear and equipment on Maidan.",
        origin: loaderData.origin,
        path: loaderData.path,
        pageNumber: loaderData.query.page,
        crumbs,
      });

export default function NewArrivals({ loaderData }: Route.ComponentProps) {
  return (
    <ListingView
      title="New arrivals"
      crumbs={crumbs}
      list={loaderData.list}
      query={{ ...loaderData.query, sort: undefined }}
      api={{ path: "/api/products/new-arrivals", fixed: {} }}
      empty="No new arrivals this week."
      hide={{ sort: true }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
