import { CategoryView } from "../components/catalog/category-view";
import { ProductView } from "../components/catalog/product-view";
import { DynamicPage } from "../components/cms/dynamic-page";
import { StaticPage } from "../components/cms/static-page";
import { ErrorPage } from "../components/error-page";
import { notFound } from "../lib/not-found";
import { resolveSlug } from "../lib/resolve-slug.server";
import { errorMeta, excerpt, pageMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import type { Route } from "./+types/slug";

export async function loader({ params, context }: Route.LoaderArgs) {
  const target = await resolveSlug(services(context).site, params.slug, params.c);
  if (!target) throw notFound();
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
    case "category":
      return pageMeta(matches, { title: loaderData.category.category.name });
    case "product":
      return pageMeta(matches, {
        title: loaderData.product.name,
        description: excerpt(loaderData.product.description),
      });
  }
};

export default function SlugPage({ loaderData, params }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case "page":
      return loaderData.page.page_type === "dynamic" ? (
        <DynamicPage page={loaderData.page} />
      ) : (
        <StaticPage page={loaderData.page} />
      );
    case "category":
      return <CategoryView data={loaderData.category} base={`/${params.slug}`} />;
    case "product":
      return <ProductView product={loaderData.product} />;
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
