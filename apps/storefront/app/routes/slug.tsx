import { CategoryListingView } from "../components/listing/category-listing-view";
import { ProductView } from "../components/catalog/product-view";
import { DynamicPage } from "../components/cms/dynamic-page";
import { StaticPage } from "../components/cms/static-page";
import { ErrorPage } from "../components/error-page";
import { categoryListing } from "../lib/category-listing.server";
import { listingMeta } from "../lib/listing-seo";
import { notFound } from "../lib/not-found";
import { resolveSlug } from "../lib/resolve-slug.server";
import { errorMeta, excerpt, pageMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import type { Route } from "./+types/slug";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { site, catalog } = services(context);
  const target = await resolveSlug(site, params.slug, params.c);
  if (!target) throw notFound();
  if (target.kind === "category") {
    const listing = await categoryListing(catalog, params.slug, params.c, request);
    if (!listing) throw notFound();
    return listing;
  }
  return target;
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (error || !loaderData) return errorMeta(matches, error);
  switch (loaderData.kind) {
    case "page":
      return pageMeta(matches, {
        title: loaderData.page.title,
        description: loaderData.page.description ?? excerpt(loaderData.page.body),
      });
    case "listing":
      return listingMeta(matches, {
        title: loaderData.category.name,
        description: loaderData.category.description ?? undefined,
        origin: loaderData.origin,
        path: loaderData.path,
        pageNumber: loaderData.query.page,
        crumbs: loaderData.crumbs,
        image: loaderData.category.image,
      });
    case "product":
      return pageMeta(matches, {
        title: loaderData.product.name,
        description: excerpt(loaderData.product.description),
      });
  }
};

export default function SlugPage({ loaderData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case "page":
      return loaderData.page.page_type === "dynamic" ? (
        <DynamicPage page={loaderData.page} />
      ) : (
        <StaticPage page={loaderData.page} />
      );
    case "listing":
      return <CategoryListingView data={loaderData} />;
    case "product":
      return <ProductView product={loaderData.product} />;
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
