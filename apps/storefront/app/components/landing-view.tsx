import type { ProductTile } from "@maidan/contracts/catalog";
import type { BannerItem } from "@maidan/contracts/site";
import { Link } from "react-router";
import { ProductGrid } from "./product-tile";

/** What lib/landing-data.server.ts reads from an entry's data (all optional here). */
type Props = {
  headline?: string | null;
  subtitle?: string | null;
  banner?: string | null;
  mobileBanner?: string | null;
  discount?: string | null;
  categories?: { slug: string; name: string }[];
  tags?: string[];
  title: string;
  description: string | null;
  banners: BannerItem[];
  products: ProductTile[];
  empty?: string;
};

/**
 * A landing entry: its art (desktop and phone), headline, subtitle, discount, category links,
 * tags, banners and products.
 */
export function LandingView(props: Props) {
  const { title, headline, subtitle, description, discount, products, empty } = props;
  const { banner, mobileBanner, categories = [], tags = [], banners } = props;
  const art = mobileBanner ?? banner;
  return (
    <section className="landing">
      {art && (
        <picture className="landing__art">
          {banner && <source media="(min-width: 900px)" srcSet={banner} />}
          {/* The page's largest paint: fetched first, never lazily. */}
          <img src={art} alt="" width={800} height={800} fetchPriority="high" />
        </picture>
      )}
      <header className="hero">
        <h1>{headline ?? title}</h1>
        {subtitle && <p>{subtitle}</p>}
        {discount && <p className="landing__discount">{discount}</p>}
        {description && <p>{description}</p>}
      </header>
      {categories.length > 0 && (
        <nav aria-label="Shop by category">
          <ul className="landing__categories">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link to={`/${category.slug}`}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {tags.length > 0 && (
        <ul className="landing__tags" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag}>#{tag}</li>
          ))}
        </ul>
      )}
      {banners.length > 0 && (
        <ul className="landing__banners">
          {banners.map((item) => (
            <li key={`${item.img}-${item.link}`}>
              <Link to={item.link}>
                <img
                  className="landing__banner-image"
                  src={item.img}
                  alt={item.alt}
                  width={800}
                  height={400}
                  loading="lazy"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h2 className="landing__products-title">Shop the edit</h2>
      <ProductGrid products={products} empty={empty} />
    </section>
  );
}
