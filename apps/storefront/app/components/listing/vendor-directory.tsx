import type { Vendor } from "@maidan/contracts/catalog";
import { Link } from "react-router";

/** Every store, linking to its page under `base` (`/v` or `/stores`). */
export function VendorDirectory({
  title,
  vendors,
  base,
}: {
  title: string;
  vendors: Vendor[];
  base: string;
}) {
  return (
    <section>
      <h1>{title}</h1>
      {vendors.length === 0 && <p className="empty-note">No stores yet.</p>}
      <ul className="directory">
        {vendors.map((v) => (
          <li key={v._id}>
            <Link to={`${base}/${v.slug}`}>
              {v.banner && (
                <img
                  className="directory__banner"
                  src={v.banner}
                  alt=""
                  width={400}
                  height={100}
                  loading="lazy"
                  decoding="async"
                />
              )}
              {v.logo && (
                <img
                  className="directory__logo"
                  src={v.logo}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                />
              )}
              <strong>{v.name}</strong>
              <small>{[v.city, `${v.productCount} products`].filter(Boolean).join(" · ")}</small>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
