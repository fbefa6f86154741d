import { ErrorPage } from "../components/error-page";
import { LandingView } from "../components/landing-view";
import { listingMeta } from "../lib/listing-seo";
import { originOf } from "../lib/origin.server";
import { errorMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import type { Route } from "./+types/daily-juice";

const TITLE = "Daily Juice";
const SUBTITLE = "Today's deals: a fresh pick of discounted products every day.";

/** /daily_juice: today's deals, picked from the products on sale; new ones at midnight (PKT). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { day, products } = await services(context).site.dailyDeals();
  return { day, products, origin: originOf(request) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData
    ? errorMeta(matches, error)
    : listingMeta(matches, {
        title: TITLE,
        description: SUBTITLE,
        origin: loaderData.origin,
        path: "/daily_juice",
        image: loaderData.products.find((p) => p.img)?.img,
      });

export default function DailyJuicePage({ loaderData }: Route.ComponentProps) {
  const date = new Date(`${loaderData.day}T12:00:00Z`).toLocaleDateString("en-PK", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
  return (
    <LandingView
      title={TITLE}
      subtitle={SUBTITLE}
      discount={`Deals for ${date}`}
      description={null}
      banners={[]}
      products={loaderData.products}
      empty="No deals today. Check back tomorrow."
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
