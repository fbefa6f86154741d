import { Link } from "react-router";
import { ErrorPage } from "../components/error-page";
import { ListingView } from "../components/listing/listing-view";
import { listingMeta } from "../lib/listing-seo";
import { originOf } from "../lib/origin.server";
import { scopedListing } from "../lib/scoped-listing.server";
import { errorMeta } from "../lib/seo";
import { notFound } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import type { Route } from "./+types/brands";
import "../styles/listing.css";

/** /b and /brands: every brand; /b/{c} and /brands/{c}: one brand's products. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { catalog } = services(context);
  if (!params.c) {
    const url = new URL(request.url);
    return {
      kind: "directory" as const,
      brands: await catalog.brands(),
      origin: originOf(request),
      path: url.pathname,
    };
  }
  const brand = await catalog.brand(params.c);
  if (!brand) throw notFound();
  const listing = await scopedListing(request, { brand: [brand.slug] }, catalog.list);
  return { kind: "brand" as const, brand, ...listing };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (error || !loaderData) return errorMeta(matches, error);
  if (loaderData.kind === "directory") {
    return listingMeta(matches, {
      title: "Brands",
      description: "Every brand sold on Maidan: sportswear, footwear, eastern wear and equipment.",
      origin: loaderData.origin,
      path: loaderData.path,
    });
  }
  return listingMeta(matches, {
    title: loaderData.brand.name,
    description: loaderData.brand.description ?? `Shop ${loaderData.brand.name} on Maidan.`,
    origin: loaderData.origin,
    path: loaderData.path,
    pageNumber: loaderData.query.page,
    crumbs: [
      { name: "Home", href: "/" },
      { name: "Brands", href: "/brands" },
      { name: loaderData.brand.name },
    ],
    image: loaderData.brand.logo,
  });
};

export default function Brands({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "directory") {
    return (
      <section>
        <h1>Brands</h1>
        <ul className="directory">
          {loaderData.brands.map((b) => (
            <li key={b._id}>
              <Link to={`/brands/${b.slug}`}>
                {b.logo && (
                  <img
                    className="directory__logo"
                    src={b.logo}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    decoding="async"
                  />
                )}
                <strong>{b.name}</strong>
                <small>{`${b.productCount} products`}</small>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const { brand, list, query } = loaderData;
  return (
    <ListingView
      title={brand.name}
      intro={brand.description ? <p className="listing__intro">{brand.description}</p> : undefined}
      crumbs={[
        { name: "Home", href: "/" },
        { name: "Brands", href: "/brands" },
        { name: brand.name },
      ]}
      list={list}
      query={query}
      api={{ path: "/api/products", fixed: { brand: brand.slug } }}
      hide={{ brand: true }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
