import { STOCK_REASONS } from "@maidan/contracts/admin-products";
import { Form, Link } from "react-router";
import { AdminFeedback } from "./feedback";
import type { ProductPartProps } from "./product-form";

/** The product editor's stock: each variant's figure and an adjustment with its reason. */
export function StockAdjust({ product, feedback, busy }: ProductPartProps) {
  return (
    <section aria-labelledby="stock-title" className="admin-fieldset">
      <h2 id="stock-title">Stock</h2>
      <p className="muted">
        Received adds units, damaged takes them, counted sets the figure. Orders placed meanwhile
        are counted too.
      </p>
      <ul className="admin-stock">
        {product.variants.map((v) => (
          <li key={v._id}>
            <p>
              <strong>{v.sku}</strong> {[v.size, v.color].filter(Boolean).join(" · ")} —{" "}
              <span data-testid="variant-stock">{v.stock}</span> in stock ·{" "}
              <Link to={`/admin/stock?variant=${v._id}`}>History</Link>
            </p>
            {feedback?.intent === "stock" && feedback.id === v._id && (
              <AdminFeedback feedback={feedback} />
            )}
            <Form method="post" className="admin-action">
              <input type="hidden" name="intent" value="stock" />
              <input type="hidden" name="variantId" value={v._id} />
              <label className="field">
                <span>Reason</span>
                <select name="reason" defaultValue="received">
                  {STOCK_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {r[0]?.toUpperCase()}
                      {r.slice(1)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span>Units</span>
                <input name="qty" inputMode="numeric" size={5} required />
              </label>
              <label className="field">
                <span>Note</span>
                <input name="note" maxLength={200} />
              </label>
              <button type="submit" className="button button--small" disabled={busy}>
                Adjust
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
