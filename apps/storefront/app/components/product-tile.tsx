import type { ProductTile as Product } from "@maidan/contracts/site";
import { Link } from "react-router";
import { Price } from "./price";

export function ProductTile({ product }: { product: Product }) {
  return (
    <article className="product-tile">
      <Link to={`/${product.slug}`} className="product-tile__link">
        {product.img ? (
          <img
            className="product-tile__image"
            src={product.img}
            alt={product.name}
            width={800}
            height={800}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="product-tile__image product-tile__image--none" aria-hidden="true" />
        )}
        {product.brand && <span className="product-tile__brand">{product.brand}</span>}
        <h3 className="product-tile__name">{product.name}</h3>
      </Link>
      <Price price={product.price} mrp={product.mrp} />
      {!product.inStock && <p className="product-tile__stock">Out of stock</p>}
    </article>
  );
}

export function ProductGrid({
  products,
  empty = "No products to show yet.",
}: {
  products: Product[];
  empty?: string;
}) {
  if (products.length === 0) return <p className="empty-note">{empty}</p>;
  return (
    <div className="product-grid">
      {products.map((product) => (
        <ProductTile key={product._id} product={product} />
      ))}
    </div>
  );
}
