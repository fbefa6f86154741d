import { Suspense } from "react";
import { data } from "react-router";
import { DynamicPage } from "../components/cms/dynamic-page";
import { StaticPage } from "../components/cms/static-page";
import { ErrorPage } from "../components/error-page";
import { categoryListing } from "../lib/category-listing.server";
import { lazyView } from "../lib/lazy-view";
import { listingMeta } from "../lib/listing-seo";
import { templatePage } from "../lib/page-template.server";
import { productMeta } from "../lib/product-meta";
import { productPageData } from "../lib/product-page.server";
import { resolveSlug } from "../lib/resolve-slug.server";
import { safeHtml } from "../lib/safe-html.server";
import { errorMeta, excerpt, pageMeta } from "../lib/seo";
import { notFound } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import type { Route } from "./+types/slug";
// The listing view is a lazy chunk, so its stylesheet would arrive with it, after the first
// paint: imported here, it is the route's own, in the server's HTML (the page cache inlines it).
import "../styles/listing.css";

// One route serves CMS pages, listings and products; the product and listing views are chunks of
// their own, so neither page downloads the other's code (the listing's filters bring zod).
// During hydration React keeps the server's HTML until the chunk arrives, so nothing flashes.
const ProductView = lazyView(() =>
  import("../components/catalog/product-view").then((m) => ({ default: m.ProductView })),
);
const CategoryListingView = lazyView(() =>
  import("../components/listing/category-listing-view").then((m) => ({
    default: m.CategoryListingView,
  })),
);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const s = services(context);
  const { site, catalog } = s;
  // /template (its own route in routes.ts, this module, no :slug): the page template.
  if (params.slug === undefined)
    return data(templatePage(), { headers: { "X-Robots-Tag": "noindex" } });
  const target = await resolveSlug(site, params.slug, params.c, (slug) => catalog.detail(slug));
  if (!target) throw notFound();
  if (target.kind === "product") return productPageData(s, target.product, request);
  if (target.kind === "category") {
    const listing = await categoryListing(catalog, params.slug, params.c, request);
    if (!listing) throw notFound();
    return listing;
  }
  if (target.kind === "page") {
    return { ...target, page: { ...target.page, body: safeHtml(target.page.body) } };
  }
  return target;
}

/**
 * Server-only (not in the browser's chunk): a loader's X-Robots-Tag (the page template's) joins
 * the document's headers; the rest are the parent's, as without this function.
 */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const out = new Headers(parentHeaders);
  const robots = loaderHeaders.get("X-Robots-Tag");
  if (robots) out.set("X-Robots-Tag", robots);
  return out;
};

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
      return productMeta(matches, loaderData);
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
      return (
        <Suspense>
          <CategoryListingView data={loaderData} />
        </Suspense>
      );
    case "product":
      return (
        <Suspense>
          <ProductView
            key={loaderData.product._id}
            product={loaderData.product}
            seo={loaderData.seo}
            related={loaderData.related}
            reviews={loaderData.reviews}
          />
        </Suspense>
      );
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
