import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  PRODUCT_STATUSES,
  type ProductStatus,
} from "@maidan/contracts/admin-products";
import { rupees } from "@maidan/contracts/money";
import { Form, Link, useLoaderData } from "react-router";
import { Pager } from "../../components/admin/pager";
import { STATUS_LABEL } from "../../components/admin/product-status";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => adminHead("Products");

/**
 * /admin/products (decision 060): the catalogue by status, searched by name, slug or SKU, newest
 * change first. Vendors see their own stores' products only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const query = {
    q: params.get("q") ?? "",
    status: params.get("status") ?? "",
    page: params.get("page") ?? "",
  };
  try {
    return { list: await services(context).adminProducts.list(staff, query) };
  } catch (e) {
    throw pageError(e, request);
  }
}

export default function AdminProducts() {
  const { list } = useLoaderData<typeof loader>();
  const tab = (status: ProductStatus | null) =>
    `?${new URLSearchParams({ ...(list.q ? { q: list.q } : {}), ...(status ? { status } : {}) })}`;
  return (
    <section aria-labelledby="products-title">
      <div className="admin-heading">
        <h1 id="products-title">Products</h1>
        <Link to="/admin/products/new" className="button">
          New product
        </Link>
        <Link to="/admin/products/import" className="button button--secondary">
          Import or export CSV
        </Link>
      </div>
      <nav aria-label="By status" className="admin-tabs">
        <Link to={tab(null)} aria-current={list.status === null ? "page" : undefined}>
          All
        </Link>
        {PRODUCT_STATUSES.map((s) => (
          <Link key={s} to={tab(s)} aria-current={s === list.status ? "page" : undefined}>
            {STATUS_LABEL[s]}
          </Link>
        ))}
      </nav>
      <Form method="get" className="admin-filters" aria-label="Search products">
        {list.status && <input type="hidden" name="status" value={list.status} />}
        <label>
          Search
          <input name="q" type="search" defaultValue={list.q} placeholder="Name, slug or SKU" />
        </label>
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col" className="num">
                Stock
              </th>
              <th scope="col">Store</th>
              <th scope="col">Changed</th>
            </tr>
          </thead>
          <tbody>
            {list.products.map((p) => (
              <tr key={p._id} data-testid="admin-product-row">
                <td className="admin-product-cell">
                  {p.img ? (
                    <img src={p.img} alt="" width={40} height={40} loading="lazy" />
                  ) : (
                    <span className="admin-product-cell__none" aria-hidden="true" />
                  )}
                  <span>
                    <Link to={`/admin/products/${p._id}`}>{p.name}</Link>
                    <span className="muted">
                      {" "}
                      · {p.variantCount} variant{p.variantCount === 1 ? "" : "s"}
                    </span>
                  </span>
                </td>
                <td>
                  <span className={`admin-status admin-status--${p.status}`}>
                    {STATUS_LABEL[p.status]}
                  </span>
                </td>
                <td className="num">
                  {rupees(p.price)}
                  {p.price < p.mrp && <div className="muted">was {rupees(p.mrp)}</div>}
                </td>
                <td className="num">{p.stock}</td>
                <td>{p.vendor}</td>
                <td>{formatDate(p.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.products.length === 0 && <p>No products match.</p>}
      <Pager
        total={list.total}
        page={list.page}
        pageSize={ADMIN_PRODUCTS_PAGE_SIZE}
        query={{ q: list.q || undefined, status: list.status ?? undefined }}
        noun="products"
      />
    </section>
  );
}
