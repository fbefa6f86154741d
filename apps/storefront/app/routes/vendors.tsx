import { ErrorPage } from "../components/error-page";
import { VendorDirectory } from "../components/listing/vendor-directory";
import { VendorListing } from "../components/listing/vendor-listing";
import { errorMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import { vendorMeta } from "../lib/vendor-meta";
import { vendorPage } from "../lib/vendor-page.server";
import type { Route } from "./+types/vendors";
import "../styles/listing.css";

const directory = { name: "Vendors", href: "/v" };

/** /v: every vendor; /v/{c}: one vendor's products. */
export const loader = ({ params, context, request }: Route.LoaderArgs) =>
  vendorPage(services(context).catalog, params.c, request);

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData ? errorMeta(matches, error) : vendorMeta(matches, loaderData, directory);

export default function Vendors({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "directory") {
    return <VendorDirectory title="Vendors" vendors={loaderData.vendors} base="/v" />;
  }
  return <VendorListing {...loaderData} directory={directory} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
