import type { AdminProduct } from "@maidan/contracts/admin-products";

/** Blank variant rows the form offers for new variants (more after each save). */
const NEW_ROWS = 2;
export const VARIANT_FIELDS = ["sku", "size", "color", "price", "salePrice", "stock"] as const;

/** How many variant rows the form has: the product's, then blank ones (the route reads `rows`). */
export const variantRowCount = (product: AdminProduct | null) =>
  (product?.variants.length ?? 0) + (product ? NEW_ROWS : NEW_ROWS + 1);

/**
 * The variants' rows of the product form (`v<row>.<field>`): each saved variant, then blank rows
 * for new ones. A saved variant's stock is shown, not edited (stock-adjust.tsx changes it).
 */
export function VariantRows({
  product,
  rowCount,
  value,
  errors,
}: {
  product: AdminProduct | null;
  rowCount: number;
  /** The field's value: as sent when the save was refused, else the product's. */
  value: (name: string, fallback: string | null | undefined) => string;
  errors: Record<string, string>;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-variants">
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Size</th>
            <th scope="col">Colour</th>
            <th scope="col">Price</th>
            <th scope="col">Sale price</th>
            <th scope="col">Stock</th>
            <th scope="col">Remove</th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rowCount }, (_, i) => {
            const v = product?.variants[i];
            const cell = (f: (typeof VARIANT_FIELDS)[number], fallback: unknown) => {
              const name = `v${i}.${f}`;
              return (
                <td>
                  <input
                    name={name}
                    aria-label={`Variant ${i + 1} ${f === "salePrice" ? "sale price" : f === "sku" ? "SKU" : f}`}
                    defaultValue={value(name, fallback == null ? "" : String(fallback))}
                    inputMode={["price", "salePrice", "stock"].includes(f) ? "numeric" : undefined}
                    aria-invalid={errors[name] ? true : undefined}
                    aria-describedby={`${name}-error`}
                    size={f === "sku" ? 14 : 7}
                  />
                  <span className="field__error" id={`${name}-error`}>
                    {errors[name]}
                  </span>
                </td>
              );
            };
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the form
              <tr key={i} data-testid="variant-row">
                {cell("sku", v?.sku)}
                {cell("size", v?.size)}
                {cell("color", v?.color)}
                {cell("price", v?.price)}
                {cell("salePrice", v?.salePrice)}
                {v ? (
                  <td>
                    <input type="hidden" name={`v${i}.id`} value={v._id} />
                    {v.stock}
                  </td>
                ) : (
                  cell("stock", "")
                )}
                <td>
                  {v && (
                    <input
                      type="checkbox"
                      name={`v${i}.remove`}
                      value="1"
                      aria-label={`Remove variant ${v.sku}`}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
