import { ADMIN_PRODUCTS_PAGE_SIZE, LOW_STOCK_DEFAULT } from "@maidan/contracts/admin-products";
import { Form, Link, useLoaderData } from "react-router";
import { Pager } from "../../components/admin/pager";
import { STATUS_LABEL } from "../../components/admin/product-status";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/stock";

export const meta: Route.MetaFunction = () => adminHead("Stock");

/**
 * /admin/stock (decision 060): the variants at or below a stock figure, fewest first, and with
 * `?variant=` one variant's adjustments. Stock is adjusted on the product's page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const s = services(context).adminProducts;
  const variant = params.get("variant");
  try {
    const [low, history] = await Promise.all([
      s.lowStock(staff, {
        threshold: params.get("threshold") ?? "",
        page: params.get("page") ?? "",
      }),
      variant ? s.stockHistory(staff, variant) : Promise.resolve(null),
    ]);
    return { low, history };
  } catch (e) {
    throw pageError(e, request);
  }
}

const REASON: Record<string, string> = {
  initial: "First figure",
  received: "Received",
  damaged: "Damaged",
  counted: "Counted",
};

export default function AdminStock() {
  const { low, history } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="stock-title">
      <h1 id="stock-title">Stock</h1>
      {history && (
        <section aria-labelledby="history-title" className="admin-fieldset">
          <h2 id="history-title">
            {history.variant.sku}: {history.variant.stock} in stock
          </h2>
          <p>
            <Link to={`/admin/products/${history.variant.productId}`}>
              {history.variant.productName}
            </Link>
          </p>
          {history.entries.length === 0 ? (
            <p>No adjustments yet.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Reason</th>
                    <th scope="col" className="num">
                      Change
                    </th>
                    <th scope="col" className="num">
                      Left
                    </th>
                    <th scope="col">By</th>
                    <th scope="col">Note</th>
                  </tr>
                </thead>
                <tbody>
                  {history.entries.map((e) => (
                    <tr key={`${e.at}-${e.reason}-${e.delta}`}>
                      <td>{formatDate(e.at)}</td>
                      <td>{REASON[e.reason] ?? e.reason}</td>
                      <td className="num">
                        {e.delta > 0 ? "+" : ""}
                        {e.delta}
                      </td>
                      <td className="num">{e.stockAfter}</td>
                      <td>{e.actor}</td>
                      <td>{e.note ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
      <h2>Low stock</h2>
      <Form method="get" className="admin-filters" aria-label="Low stock figure">
        <label>
          At or below
          <input
            name="threshold"
            inputMode="numeric"
            defaultValue={low.threshold}
            placeholder={String(LOW_STOCK_DEFAULT)}
            size={5}
          />
        </label>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Variant</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Stock
              </th>
              <th scope="col">History</th>
            </tr>
          </thead>
          <tbody>
            {low.variants.map((v) => (
              <tr key={v._id}>
                <td>
                  <Link to={`/admin/products/${v.productId}`}>{v.productName}</Link>
                </td>
                <td>
                  {v.sku}
                  <div className="muted">{[v.size, v.color].filter(Boolean).join(" · ")}</div>
                </td>
                <td>{STATUS_LABEL[v.status]}</td>
                <td className="num">{v.stock}</td>
                <td>
                  <Link to={`?variant=${v._id}&threshold=${low.threshold}`}>History</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {low.variants.length === 0 && <p>No variant is that low.</p>}
      <Pager
        total={low.total}
        page={low.page}
        pageSize={ADMIN_PRODUCTS_PAGE_SIZE}
        query={{ threshold: String(low.threshold) }}
        noun="variants"
      />
    </section>
  );
}
