import type { FreebieProduct } from "@maidan/contracts/freebies";
import { rupees } from "@maidan/contracts/money";
import { Link } from "react-router";
import { LazyImage } from "../media/lazy-image";

const SIZES = "(min-width: 1200px) 240px, (min-width: 600px) 30vw, 50vw";

/** The products a campaign gives away, each linking to its own page. */
export function FreebieProducts({ products }: { products: FreebieProduct[] }) {
  if (products.length === 0) return <p className="empty-note">No products are on offer now.</p>;
  return (
    <ul className="product-grid freebie-products">
      {products.map((p) => {
        const variant = [p.variant?.size, p.variant?.color].filter(Boolean).join(", ");
        return (
          <li key={`${p._id}-${p.variant?._id ?? ""}`} className="product-tile">
            <Link to={`/${p.slug}`} className="product-tile__link">
              {p.img ? (
                <LazyImage
                  className="product-tile__image"
                  src={p.img}
                  alt={p.name}
                  width={800}
                  height={800}
                  sizes={SIZES}
                />
              ) : (
                <span
                  className="product-tile__image product-tile__image--none"
                  aria-hidden="true"
                />
              )}
              {p.brand && <span className="product-tile__brand">{p.brand}</span>}
              <h3 className="product-tile__name">{p.name}</h3>
            </Link>
            {variant && <p className="freebie-products__variant">{variant}</p>}
            <p className="freebie-products__worth">
              <strong>Free</strong> <span>(worth {rupees(p.price)})</span>
            </p>
            {!p.inStock && <p className="product-tile__stock">Out of stock</p>}
          </li>
        );
      })}
    </ul>
  );
}
