import { ErrorPage } from "../components/error-page";
import { LandingView } from "../components/landing-view";
import { mergeProducts, readLandingContent } from "../lib/landing-data.server";
import { landingMeta } from "../lib/landing-meta";
import { originOf } from "../lib/origin.server";
import { errorMeta } from "../lib/seo";
import { notFound } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import type { Route } from "./+types/landing";

/**
 * /pages/{route}, and fixed addresses such as /women-summer-collection (spec §2): a landing
 * entry, its data (headline, art, categories, tags…) and the products that data matches.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const route = params.route ?? pathname.slice(1);
  const page = await services(context).site.landingPage(route);
  if (!page) throw notFound();
  const content = readLandingContent(page.entry.data);
  return {
    title: page.entry.title,
    origin: originOf(request),
    path: pathname,
    ...content,
    // Products picked by staff first, then the ones matching the entry's categories and tags.
    products: mergeProducts(content.products, page.products),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData
    ? errorMeta(matches, error)
    : landingMeta(matches, loaderData, loaderData.path);

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  return <LandingView {...loaderData} empty="Products for this page arrive soon." />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
