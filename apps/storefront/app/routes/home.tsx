import { BannerSlider } from "../components/banner-slider";
import { CategoryLinks } from "../components/category-links";
import { ErrorPage } from "../components/error-page";
import { ProductSection } from "../components/product-section";
import { useRootData } from "../lib/root-data";
import { errorMeta, pageMeta } from "../lib/seo";
import { once, services } from "../lib/services.server";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { site } = services(context);
  const home = await once(context, "home", () => site.home());
  return {
    categories: home.categories.filter((category) => category.parent === null),
    featured: home.featured,
    newArrivals: home.newArrivals,
    onSale: home.onSale,
  };
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  error ? errorMeta(matches, error) : pageMeta(matches);

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
