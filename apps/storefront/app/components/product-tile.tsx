import type { ProductTile as Product } from "@maidan/contracts/catalog";
import { Link } from "react-router";
import { TileAddToCart } from "./checkout/tile-add-to-cart";
import { LazyImage } from "./media/lazy-image";
import { Price } from "./price";

const TILE_SIZES = "(min-width: 1200px) 240px, (min-width: 600px) 30vw, 50vw";

/** `priority`: one of the first tiles, likely the largest paint: loaded eagerly, first. */
/** `sizes`: given when the photo is already on the page at another size (see ProductGrid). */
export function ProductTile({
  product,
  priority,
  sizes = TILE_SIZES,
}: {
  product: Product;
  priority?: boolean;
  sizes?: string;
}) {
  return (
    <article className="product-tile">
      <Link to={`/${product.slug}`} className="product-tile__link">
        {product.img ? (
          <LazyImage
            className="product-tile__image"
            src={product.img}
            alt={product.name}
            width={800}
            height={800}
            sizes={sizes}
            priority={priority}
          />
        ) : (
          <span className="product-tile__image product-tile__image--none" aria-hidden="true" />
        )}
        {product.brand && <span className="product-tile__brand">{product.brand}</span>}
        <h3 className="product-tile__name">{product.name}</h3>
      </Link>
      {/* The heart (components/wishlist/wishlist-client.tsx). */}
      <button
        type="button"
        className="heart heart--tile"
        data-wish={product._id}
        data-slug={product.slug}
        aria-label={`Save ${product.name} to wishlist`}
      />
      <Price price={product.price} mrp={product.mrp} />
      {product.inStock ? (
        <TileAddToCart product={product} />
      ) : (
        <p className="product-tile__stock">Out of stock</p>
      )}
    </article>
  );
}

/** A phone shows two tiles above the fold: those get loading priority. */
export const PRIORITY_TILES = 2;

/**
 * `priorityTiles`: how many leading tiles load eagerly with high priority. A grid below the fold
 * (related products) passes 0, so its images wait for the viewport instead of competing with
 * the page's largest paint. `shown`: a photo the page already draws (the product's own first
 * image); a tile with the same photo takes its `sizes`, so the browser picks the file it already
 * has instead of fetching the photo again at tile width.
 */
export function ProductGrid({
  products,
  empty = "No products to show yet.",
  priorityTiles = PRIORITY_TILES,
  shown,
}: {
  products: Product[];
  empty?: string;
  priorityTiles?: number;
  shown?: { src: string; sizes: string };
}) {
  if (products.length === 0) return <p className="empty-note">{empty}</p>;
  return (
    <div className="product-grid">
      {products.map((product, i) => (
        <ProductTile
          key={product._id}
          product={product}
          priority={i < priorityTiles}
          sizes={shown && product.img === shown.src ? shown.sizes : undefined}
        />
      ))}
    </div>
  );
}
