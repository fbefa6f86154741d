import { ErrorPage } from "../components/error-page";
import { LandingView } from "../components/landing-view";
import { mergeProducts, readLandingContent } from "../lib/landing-data.server";
import { landingMeta } from "../lib/landing-meta";
import { log } from "../lib/log.server";
import { originOf } from "../lib/origin.server";
import { errorMeta } from "../lib/seo";
import { once, services, settledOr } from "../lib/services.server";
import type { Route } from "./+types/sale";

/**
 * The sale: the first landing entry marked 'sale' (spec §7) with its data (headline, art,
 * discount, categories) and the discounted products of its categories, then everything else
 * that is discounted. Either part may be missing; the page still shows what there is.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { site } = services(context);
  const [landing, home] = await Promise.allSettled([
    site.landing({ landingPage: "sale" }),
    once(context, "home", () => site.home()),
  ]);
  const list = settledOr(landing, null, "sale landing");
  const entry = list?.status ? list.data.find((item) => item.status) : undefined;
  const content = entry ? readLandingContent(entry.data) : null;
  const matched = entry
    ? await site.landingPage(entry.route).catch((error: unknown) => {
        log().warn({ err: error }, "storefront: sale products could not be loaded");
        return null;
      })
    : null;
  const onSale = settledOr(home, null, "products on sale")?.onSale ?? [];
  return {
    ...content,
    origin: originOf(request),
    title: entry?.title ?? "Sale",
    description: content?.description ?? null,
    banners: content?.banners ?? [],
    products: mergeProducts(content?.products ?? [], matched?.products ?? [], onSale),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData ? errorMeta(matches, error) : landingMeta(matches, loaderData, "/sale");

export default function SalePage({ loaderData }: Route.ComponentProps) {
  return <LandingView {...loaderData} empty="No sale is running right now. Check back soon." />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
