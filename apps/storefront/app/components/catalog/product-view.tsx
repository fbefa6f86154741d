import type { ProductCard, ProductDetail } from "@maidan/contracts/catalog";
import type { ProductReviews } from "@maidan/contracts/reviews";
import { Suspense, useState } from "react";
import { Link } from "react-router";
import { categoryCrumbs } from "../../lib/category-crumbs";
import { lazyView } from "../../lib/lazy-view";
import { useRootData } from "../../lib/root-data";
import { findVariant, initialChoice, stockLabel } from "../../lib/variant-choice";
import { GALLERY_SIZES, ProductGallery } from "../gallery/product-gallery";
import { Price } from "../price";
import { ShareButton } from "../share/share-button";
import { AddToCart } from "./add-to-cart";
import { RatingSummary } from "./rating-summary";
import { VariantPicker } from "./variant-picker";

// Reviews and related products are below the fold: their code (the carousel's and its tiles'
// too) is fetched after the page's first download (decision 051). React keeps the server's HTML
// until it is there. Related images are lazy (eager high-priority tiles here raced the gallery's
// first image), and a related product showing the product's own photo (common among colour
// listings) reuses the gallery's file.
const ProductMore = lazyView(() => import("./product-more"));

type Props = {
  product: ProductDetail;
  seo: { url: string; image: string | null };
  related: Promise<ProductCard[]>;
  reviews: ProductReviews;
};

/**
 * Beside the button, what a shopper asks before buying: when it arrives (in their city when the
 * profile has one), how to pay and how to return it.
 */
function Promises() {
  const { shipping, viewer } = useRootData();
  const to = viewer?.city ? ` to ${viewer.city}` : "";
  return (
    <ul className="product-view__promises">
      <li>
        {shipping ? `Delivery${to} in ${shipping.etaDays} days` : `Delivery${to} across Pakistan`}
      </li>
      <li>Cash on delivery available</li>
      <li>
        <Link to="/return-policy">7-day easy returns</Link>
      </li>
    </ul>
  );
}

/**
 * A product's page: gallery, price, variants with their stock, seller, description,
 * specifications and rating; related products stream in after the rest.
 */
export function ProductView({ product, seo, related, reviews }: Props) {
  const [choice, setChoice] = useState(() => initialChoice(product.variants));
  const variant = findVariant(product.variants, choice);
  const stock = variant?.stock ?? product.stock;
  // The chosen size's chip already says "Only 2 left": once on screen; the line stays for
  // screen readers, which hear it when the choice changes.
  const onChip = Boolean(variant?.size && choice.size === variant.size && stockLabel(stock));
  const images =
    product.images.length > 0
      ? product.images
      : product.img
        ? [{ url: product.img, alt: product.name, width: 800, height: 800 }]
        : [];
  const specs = Object.entries(product.specs);
  return (
    <article className="product-view">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          {categoryCrumbs(product).map((c) => (
            <li key={c.path}>
              <Link to={c.path}>{c.name}</Link>
            </li>
          ))}
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="product-view__layout">
        <ProductGallery images={images} name={product.name} />
        <div className="product-view__info">
          {product.brandRef && (
            <Link className="product-view__brand" to={`/brands/${product.brandRef.slug}`}>
              {product.brandRef.name}
            </Link>
          )}
          <h1>{product.name}</h1>
          <RatingSummary rating={product.rating} count={product.ratingCount} />
          <VariantPicker product={product} choice={choice} onChange={setChoice} />
          <p
            className={`stock ${stock > 0 ? "stock--in" : "stock--out"}${onChip ? " visually-hidden" : ""}`}
            aria-live="polite"
          >
            {stockLabel(stock) ?? "In stock"}
          </p>
          {/* Price and button together: on a phone this row stays above the tab bar. */}
          <div className="product-view__actions">
            <Price price={variant?.price ?? product.price} mrp={variant?.mrp ?? product.mrp} />
            <AddToCart productId={product._id} variant={variant} />
            {/* The heart (components/wishlist/wishlist-client.tsx), with the chosen variant; no slug: it is this page. */}
            <button
              type="button"
              className="heart"
              data-wish={product._id}
              data-variant={variant?._id}
              aria-label="Save to wishlist"
            />
          </div>
          <Promises />
          <div className="product-view__share">
            <ShareButton
              content={{
                url: seo.url,
                title: product.name,
                description: product.description.slice(0, 200),
                media: seo.image ?? undefined,
              }}
            />
          </div>
          <p className="product-view__seller">
            Sold by <Link to={`/v/${product.vendor.slug}`}>{product.vendor.name}</Link>
          </p>
        </div>
      </div>
      <section className="product-view__details" aria-labelledby="about-heading">
        <h2 id="about-heading">Description</h2>
        <div className="prose">
          {product.description
            .split(/\n\s*\n/)
            .filter((p) => p.trim())
            .map((p) => (
              <p key={p}>{p.trim()}</p>
            ))}
        </div>
        {specs.length > 0 && (
          <>
            <h2>Specifications</h2>
            <dl className="specs">
              {specs.map(([name, value]) => (
                <div key={name} className="specs__row">
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </section>
      <Suspense>
        <ProductMore
          productId={product._id}
          reviews={reviews}
          related={related}
          shown={images[0] && { src: images[0].url, sizes: GALLERY_SIZES }}
        />
      </Suspense>
    </article>
  );
}
