import type { ProductTile as Product } from "@maidan/contracts/catalog";
import { ProductTile } from "../product-tile";
import { Carousel } from "./carousel";
import { PRODUCT_ROW } from "./carousel-settings";

/**
 * A row of product tiles, a page at a time. `priorityTiles`: leading tiles that load eagerly
 * (none by default: rows sit below the banner). `shown`: a photo the page already draws at
 * another size; a tile with that photo takes its `sizes` (see ProductGrid).
 */
// The default export lets the product page load this lazily without a wrapper (a few bytes of
// its first download, which sits at the 120 KB budget).
export default function ProductCarousel({
  products,
  labelledBy,
  priorityTiles = 0,
  shown,
  empty = "No products to show yet.",
}: {
  products: Product[];
  labelledBy: string;
  priorityTiles?: number;
  shown?: { src: string; sizes: string };
  empty?: string;
}) {
  if (products.length === 0) return <p className="empty-note">{empty}</p>;
  return (
    <Carousel layout={PRODUCT_ROW} label={{ by: labelledBy }} unit="products">
      {products.map((product, i) => (
        <ProductTile
          key={product._id}
          product={product}
          priority={i < priorityTiles}
          sizes={shown && product.img === shown.src ? shown.sizes : undefined}
        />
      ))}
    </Carousel>
  );
}
