import type { ProductTile as Product } from "@maidan/contracts/site";
import { LazyImage } from "./media/lazy-image";
import { PrefetchLink } from "./prefetch-link";
import { Price } from "./price";

/** `priority`: one of the first tiles, likely the largest paint: loaded eagerly, first. */
export function ProductTile({ product, priority }: { product: Product; priority?: boolean }) {
  return (
    <article className="product-tile">
      <PrefetchLink to={`/${product.slug}`} className="product-tile__link">
        {product.img ? (
          <LazyImage
            className="product-tile__image"
            src={product.img}
            alt={product.name}
            width={800}
            height={800}
            sizes="(min-width: 1200px) 240px, (min-width: 600px) 30vw, 50vw"
            priority={priority}
          />
        ) : (
          <span className="product-tile__image product-tile__image--none" aria-hidden="true" />
        )}
        {product.brand && <span className="product-tile__brand">{product.brand}</span>}
        <h3 className="product-tile__name">{product.name}</h3>
      </PrefetchLink>
      <Price price={product.price} mrp={product.mrp} />
      {!product.inStock && <p className="product-tile__stock">Out of stock</p>}
    </article>
  );
}

/** A phone shows two tiles above the fold: those get loading priority. */
export const PRIORITY_TILES = 2;

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
      {products.map((product, i) => (
        <ProductTile key={product._id} product={product} priority={i < PRIORITY_TILES} />
      ))}
    </div>
  );
}
