import { ErrorPage } from "../components/error-page";
import { VendorListing } from "../components/listing/vendor-listing";
import { errorMeta } from "../lib/seo";
import { notFound } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import { vendorMeta } from "../lib/vendor-meta";
import { vendorPage } from "../lib/vendor-page.server";
import type { Route } from "./+types/store";
import "../styles/listing.css";

const directory = { name: "Stores", href: "/store" };

/** /stores/{id} and /shop/{id} (spec §2): a store's page; `id` is the vendor's slug or id. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const data = await vendorPage(services(context).catalog, params.id, request);
  if (data.kind !== "vendor") throw notFound();
  return data;
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData ? errorMeta(matches, error) : vendorMeta(matches, loaderData, directory);

export default function Store({ loaderData }: Route.ComponentProps) {
  return <VendorListing {...loaderData} directory={directory} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
