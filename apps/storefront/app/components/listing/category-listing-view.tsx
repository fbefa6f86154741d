import type { CategoryListing } from "../../lib/category-listing.server";
import { ListingView } from "./listing-view";

/** `/{slug}` and `/{slug}/{c}`: a category's products with filters, sort and facet counts. */
export function CategoryListingView({ data }: { data: CategoryListing }) {
  return (
    <ListingView
      title={data.category.name}
      intro={
        data.category.description ? (
          <p className="listing__intro">{data.category.description}</p>
        ) : undefined
      }
      crumbs={data.crumbs}
      list={data.list}
      query={data.query}
      api={{ path: "/api/products", fixed: { category: data.category.slug } }}
    />
  );
}
