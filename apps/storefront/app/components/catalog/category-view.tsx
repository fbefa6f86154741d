import type { CategoryPage } from "@maidan/contracts/services";
import { Link } from "react-router";
import { CategoryLinks } from "../category-links";
import { ProductGrid } from "../product-tile";

/** A category with its subcategories and products. `base` is the top category's path. */
export function CategoryView({ data, base }: { data: CategoryPage; base: string }) {
  const { category, parent, children, products } = data;
  return (
    <section className="category-view">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          {parent && (
            <li>
              <Link to={`/${parent.slug}`}>{parent.name}</Link>
            </li>
          )}
          <li aria-current="page">{category.name}</li>
        </ol>
      </nav>
      <h1>{category.name}</h1>
      <CategoryLinks categories={children} base={base} label={`${category.name} categories`} />
      <ProductGrid products={products} empty="No products in this category yet." />
    </section>
  );
}
