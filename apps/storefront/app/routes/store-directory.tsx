import { ErrorPage } from "../components/error-page";
import { VendorDirectory } from "../components/listing/vendor-directory";
import { errorMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import { vendorMeta } from "../lib/vendor-meta";
import { vendorPage } from "../lib/vendor-page.server";
import type { Route } from "./+types/store-directory";
import "../styles/listing.css";

const directory = { name: "Stores", href: "/store" };

/** /store: every store on Maidan, each linking to /stores/{slug}. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const data = await vendorPage(services(context).catalog, undefined, request);
  if (data.kind !== "directory") throw new Error("unreachable");
  return data;
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData ? errorMeta(matches, error) : vendorMeta(matches, loaderData, directory);

export default function StoreDirectory({ loaderData }: Route.ComponentProps) {
  return <VendorDirectory title="Stores" vendors={loaderData.vendors} base="/stores" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
