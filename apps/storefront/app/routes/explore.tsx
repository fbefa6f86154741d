import type { CategoryNode } from "@maidan/contracts/site";
import { CategoryLinks } from "../components/category-links";
import { ErrorPage } from "../components/error-page";
import { BestSellers } from "../components/listing/best-sellers";
import { errorMeta, pageMeta } from "../lib/seo";
import { once, services } from "../lib/services.server";
import type { Route } from "./+types/explore";

/** Every category, grouped under its top-level parent: the phone's "Categories" tab. */
export async function loader({ context }: Route.LoaderArgs) {
  const { site } = services(context);
  const { categories } = await once(context, "home", () => site.home());
  const children = (parent: CategoryNode) => categories.filter((c) => c.parent === parent._id);
  return {
    groups: categories
      .filter((category) => category.parent === null)
      .map((top) => ({ top, children: children(top) })),
  };
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  error ? errorMeta(matches, error) : pageMeta(matches, { title: "Explore categories" });

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
