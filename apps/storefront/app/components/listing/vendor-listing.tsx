import type { ProductList, ProductListQuery, Vendor } from "@maidan/contracts/catalog";
import { ListingView } from "./listing-view";

/** A store's page: who they are, then their products with the usual filters. */
export function VendorListing({
  vendor,
  list,
  query,
  directory,
}: {
  vendor: Vendor;
  list: ProductList;
  query: ProductListQuery;
  directory: { name: string; href: string };
}) {
  return (
    <ListingView
      title={vendor.name}
      intro={
        <p className="listing__intro">
          {[vendor.description, vendor.city ? `Ships from ${vendor.city}.` : null]
            .filter(Boolean)
            .join(" ")}
        </p>
      }
      crumbs={[{ name: "Home", href: "/" }, directory, { name: vendor.name }]}
      list={list}
      query={query}
      api={{ path: "/api/products", fixed: { vendor: vendor.slug } }}
      hide={{ vendor: true }}
    />
  );
}
