import type { CategoryNode } from "@maidan/contracts/catalog";
import { Link } from "react-router";

type CategoryLink = Pick<CategoryNode, "slug" | "name"> & { image?: string | null };

/** Category shortcuts; `base` prefixes child categories with their parent's path. */
export function CategoryLinks({
  categories,
  base = "",
  label = "Categories",
}: {
  categories: CategoryLink[];
  base?: string;
  label?: string;
}) {
  if (categories.length === 0) return null;
  return (
    <nav className="category-links" aria-label={label}>
      <ul>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link to={`${base}/${category.slug}`}>
              {category.image && (
                <img
                  className="category-links__image"
                  src={category.image}
                  alt=""
                  width={96}
                  height={96}
                  loading="lazy"
                />
              )}
              <span>{category.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
