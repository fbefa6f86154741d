import { ErrorPage } from "../components/error-page";
import { ProductGrid } from "../components/product-tile";
import { errorMeta, pageMeta } from "../lib/seo";
import { once, services } from "../lib/services.server";
import type { Route } from "./+types/new-arrivals";

export async function loader({ context }: Route.LoaderArgs) {
  const { site } = services(context);
  const home = await once(context, "home", () => site.home());
  return { products: home.newArrivals };
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  error ? errorMeta(matches, error) : pageMeta(matches, { title: "New arrivals" });

export default function NewArrivals({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>New arrivals</h1>
      <ProductGrid products={loaderData.products} empty="No new arrivals this week." />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
