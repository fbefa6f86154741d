import { Link } from "react-router";
import type { ProductDetail } from "../../lib/api-types";
import { Price } from "../price";
import { TextBlocks } from "../text-blocks";

/** A product's page: gallery, price, stock and description. Ordering arrives with the cart. */
export function ProductView({ product }: { product: ProductDetail }) {
  const images =
    product.images.length > 0
      ? product.images
      : product.img
        ? [{ url: product.img, alt: product.name }]
        : [];
  return (
    <article className="product-view">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          {product.category && (
            <li>
              <Link to={`/${product.category.slug}`}>{product.category.name}</Link>
            </li>
          )}
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="product-view__layout">
        <ul className="gallery" aria-label="Product images">
          {images.map((image, index) => (
            <li key={image.url} className="gallery__item">
              <img
                className="gallery__image"
                src={image.url}
                alt={image.alt || product.name}
                width={800}
                height={800}
                // The first image is the page's main picture; the rest wait until scrolled to.
                loading={index === 0 ? "eager" : "lazy"}
                decoding="async"
              />
            </li>
          ))}
        </ul>
        <div className="product-view__info">
          {product.brand && <p className="product-view__brand">{product.brand}</p>}
          <h1>{product.name}</h1>
          <Price price={product.price} mrp={product.mrp} />
          <p className={product.inStock ? "stock stock--in" : "stock stock--out"}>
            {product.inStock ? "In stock" : "Out of stock"}
          </p>
          {product.vendor && (
            <p>
              Sold by <Link to={`/v/${product.vendor.slug}`}>{product.vendor.name}</Link>
            </p>
          )}
          <p className="note">Ordering online opens soon.</p>
          <TextBlocks className="prose" text={product.description} />
        </div>
      </div>
    </article>
  );
}
