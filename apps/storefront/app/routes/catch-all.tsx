import { ProductView } from "../components/catalog/product-view";
import { ErrorPage } from "../components/error-page";
import { productMeta } from "../lib/product-meta";
import { productPageData } from "../lib/product-page.server";
import { errorMeta } from "../lib/seo";
import { notFound } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import type { Route } from "./+types/catch-all";

/** Any deeper path: a product whose slug is the whole path, else the 404 page. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const s = services(context);
  const { catalog } = s;
  const slug = (params["*"] ?? "").replace(/\/+$/, "");
  const product = slug ? await catalog.detail(slug) : null;
  if (!product) throw notFound();
  return productPageData(s, product, request);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData ? errorMeta(matches, error) : productMeta(matches, loaderData);

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return (
    <ProductView
      key={loaderData.product._id}
      product={loaderData.product}
      seo={loaderData.seo}
      related={loaderData.related}
      reviews={loaderData.reviews}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
