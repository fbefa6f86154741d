import { ProductView } from "../components/catalog/product-view";
import { ErrorPage } from "../components/error-page";
import { notFound } from "../lib/not-found";
import { errorMeta, excerpt, pageMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import type { Route } from "./+types/catch-all";

/** Any deeper path: a product whose slug is the whole path, else the 404 page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = (params["*"] ?? "").replace(/\/+$/, "");
  const product = slug ? await services(context).site.product(slug) : null;
  if (!product) throw notFound();
  return { product };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData
    ? errorMeta(matches, error)
    : pageMeta(matches, {
        title: loaderData.product.name,
        description: excerpt(loaderData.product.description),
      });

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return <ProductView product={loaderData.product} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
