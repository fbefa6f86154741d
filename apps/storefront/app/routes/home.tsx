import { data, redirect } from "react-router";
import { BannerSlider } from "../components/banner-slider";
import { CategoryLinks } from "../components/category-links";
import { ErrorPage } from "../components/error-page";
import { ProductSection } from "../components/product-section";
import { DISMISS_APP_PROMOTION, dismissAppPromotionCookie } from "../lib/app-promotion.server";
import { listingMeta } from "../lib/listing-seo";
import { originOf } from "../lib/origin.server";
import { useRootData } from "../lib/root-data";
import { errorMeta, siteSettingsFrom } from "../lib/seo";
import { once, services } from "../lib/services.server";
import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { site } = services(context);
  const home = await once(context, "home", () => site.home());
  return {
    origin: originOf(request),
    categories: home.categories.filter((category) => category.parent === null),
    featured: home.featured,
    newArrivals: home.newArrivals,
    onSale: home.onSale,
  };
}

/** The app banner's close button (components/app-promotion.tsx): remembered by a cookie. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== DISMISS_APP_PROMOTION) {
    throw data({ message: "Unknown action", status: 400 }, { status: 400 });
  }
  return redirect("/", { headers: { "Set-Cookie": dismissAppPromotionCookie(request) } });
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData
    ? errorMeta(matches, error)
    : listingMeta(matches, {
        origin: loaderData.origin,
        path: "/",
        // The first banner is what the page opens with; a shop without banners shows products.
        image: siteSettingsFrom(matches).bannersA.slider[0]?.img ?? loaderData.featured[0]?.img,
      });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData();
  const { categories, featured, newArrivals, onSale } = loaderData;
  return (
    <>
      <h1 className="visually-hidden">{settings.title}</h1>
      <BannerSlider slider={settings.bannersA.slider} mobile={settings.bannersA.mobile_slider} />
      <div className="container">
        <CategoryLinks categories={categories} label="Shop by category" />
        <ProductSection title="Featured" products={featured} />
        <ProductSection
          title="New arrivals"
          products={newArrivals}
          more={{ to: "/new-arrivals", label: "See all" }}
        />
        <ProductSection
          title="On sale"
          products={onSale}
          more={{ to: "/sale", label: "See all" }}
        />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="container">
      <ErrorPage error={error} />
    </div>
  );
}
