import type { CategoryNode } from "@maidan/contracts/catalog";
import { CategoryLinks } from "../components/category-links";
import { ErrorPage } from "../components/error-page";
import { BestSellers } from "../components/listing/best-sellers";
import { listingMeta } from "../lib/listing-seo";
import { originOf } from "../lib/origin.server";
import { errorMeta } from "../lib/seo";
import { once, services } from "../lib/services.server";
import type { Route } from "./+types/explore";

/** Every category, grouped under its top-level parent: the phone's "Categories" tab. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { site } = services(context);
  const { categories } = await once(context, "home", () => site.home());
  const children = (parent: CategoryNode) => categories.filter((c) => c.parent === parent._id);
  return {
    origin: originOf(request),
    groups: categories
      .filter((category) => category.parent === null)
      .map((top) => ({ top, children: children(top) })),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData
    ? errorMeta(matches, error)
    : listingMeta(matches, {
        title: "Explore categories",
        description: "Every category on Maidan, from footwear to fitness gear.",
        origin: loaderData.origin,
        path: "/explore",
        image: loaderData.groups.find((g) => g.top.image)?.top.image,
      });

export default function Explore({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Explore categories</h1>
      {loaderData.groups.length === 0 && <p className="empty-note">No categories yet.</p>}
      {loaderData.groups.map(({ top, children }) => (
        <section key={top.slug} className="explore-group">
          <h2>
            <a href={`/${top.slug}`}>{top.name}</a>
          </h2>
          <CategoryLinks categories={children} base={`/${top.slug}`} label={top.name} />
        </section>
      ))}
      <BestSellers />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
