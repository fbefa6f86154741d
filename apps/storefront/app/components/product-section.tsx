import type { ProductTile } from "@maidan/contracts/catalog";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import ProductCarousel from "./carousel/product-carousel";

/** A titled carousel of products with an optional "see all" link; nothing when there are none. */
export function ProductSection({
  title,
  products,
  more,
}: {
  title: ReactNode;
  products: ProductTile[];
  more?: { to: string; label: string };
}) {
  const heading = useId();
  if (products.length === 0) return null;
  return (
    <section className="product-section">
      <header className="section-head">
        <h2 id={heading}>{title}</h2>
        {more && <Link to={more.to}>{more.label}</Link>}
      </header>
      <ProductCarousel products={products} labelledBy={heading} />
    </section>
  );
}
