import type { ProductTile } from "@maidan/contracts/site";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ProductGrid } from "./product-tile";

/** A titled row of products with an optional "see all" link; nothing when there are none. */
export function ProductSection({
  title,
  products,
  more,
}: {
  title: ReactNode;
  products: ProductTile[];
  more?: { to: string; label: string };
}) {
  if (products.length === 0) return null;
  return (
    <section className="product-section">
      <header className="section-head">
        <h2>{title}</h2>
        {more && <Link to={more.to}>{more.label}</Link>}
      </header>
      <ProductGrid products={products} />
    </section>
  );
}
