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
              <strong>{v.name}</strong>
              <small>{[v.city, `${v.productCount} products`].filter(Boolean).join(" · ")}</small>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
