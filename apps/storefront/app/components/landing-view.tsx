import type { BannerItem, ProductTile } from "@maidan/contracts/site";
import { Link } from "react-router";
import { ProductGrid } from "./product-tile";

type Props = {
  title: string;
  description: string | null;
  banners: BannerItem[];
  products: ProductTile[];
  empty?: string;
};

/** A landing entry: its title, summary, banners and products. */
export function LandingView({ title, description, banners, products, empty }: Props) {
  return (
    <section className="landing">
      <header className="hero">
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </header>
      {banners.length > 0 && (
        <ul className="landing__banners">
          {banners.map((banner) => (
            <li key={`${banner.img}-${banner.link}`}>
              <Link to={banner.link}>
                <img
                  className="landing__banner-image"
                  src={banner.img}
                  alt={banner.alt}
                  width={800}
                  height={400}
                  loading="lazy"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ProductGrid products={products} empty={empty} />
    </section>
  );
}
