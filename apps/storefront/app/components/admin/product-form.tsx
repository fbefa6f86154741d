import {
  type AdminProduct,
  PRODUCT_STATUSES,
  type ProductOptions,
} from "@maidan/contracts/admin-products";
import { Form } from "react-router";
import { STATUS_LABEL } from "./product-status";
import { VariantRows, variantRowCount } from "./variant-rows";

/** What the product editor's action answers; `intent` says which part of the page it is for. */
export type ProductFeedback = {
  ok: boolean;
  message: string;
  intent: string;
  id?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

/** What each part of a saved product's editor below the form gets (images, stock). */
export type ProductPartProps = {
  product: AdminProduct;
  /** The last action's answer; each part shows the one for its own intents. */
  feedback: ProductFeedback | undefined;
  busy: boolean;
};

/**
 * The product editor's main form (intent `save`): the product, its variants (variant-rows.tsx),
 * search words and SEO. A refused save shows what was sent, with each field's error beside it.
 */
export function ProductForm({
  product,
  options,
  canPublish,
  feedback,
  busy,
}: {
  product: AdminProduct | null;
  options: ProductOptions;
  canPublish: boolean;
  /** The answer to the last save, if that was the last action. */
  feedback: ProductFeedback | undefined;
  busy: boolean;
}) {
  const values = feedback?.values;
  const errors = feedback?.errors ?? {};
  const value = (name: string, fallback: string | null | undefined) =>
    values ? (values[name] ?? "") : (fallback ?? "");
  const statuses = PRODUCT_STATUSES.filter(
    (st) => st !== "active" || canPublish || product?.status === "active",
  );
  const rowCount = variantRowCount(product);
  const field = (
    name: string,
    label: string,
    fallback: string | null | undefined,
    props: Record<string, unknown> = {},
  ) => (
    <label className="field">
      <span>{label}</span>
      <input
        name={name}
        defaultValue={value(name, fallback)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${name}-error`}
        {...props}
      />
      <span className="field__error" id={`${name}-error`}>
        {errors[name]}
      </span>
    </label>
  );
  const select = (
    name: string,
    label: string,
    fallback: string | null | undefined,
    list: { _id: string; name: string }[],
    blank?: string,
  ) => (
    <label className="field">
      <span>{label}</span>
      <select
        name={name}
        defaultValue={value(name, fallback)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${name}-error`}
      >
        {blank !== undefined && <option value="">{blank}</option>}
        {list.map((o) => (
          <option key={o._id} value={o._id}>
            {o.name}
          </option>
        ))}
      </select>
      <span className="field__error" id={`${name}-error`}>
        {errors[name]}
      </span>
    </label>
  );

  return (
    <Form method="post" noValidate className="admin-product__form" aria-label="Product">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="rows" value={rowCount} />
      <fieldset className="admin-fieldset">
        <legend>Product</legend>
        {field("name", "Name", product?.name, { required: true, maxLength: 200 })}
        {field("slug", "Address (slug; made from the name when empty)", product?.slug)}
        <label className="field">
          <span>Description</span>
          <textarea
            name="description"
            rows={5}
            defaultValue={value("description", product?.description)}
          />
        </label>
        <div className="admin-product__grid">
          {select("categoryId", "Category", product?.categoryId, options.categories, "Choose…")}
          {select("brandId", "Brand", product?.brandId, options.brands, "No brand")}
          {select(
            "vendorId",
            "Store",
            product?.vendorId ?? (options.vendors.length === 1 ? options.vendors[0]?._id : ""),
            options.vendors,
            options.vendors.length === 1 ? undefined : "Choose…",
          )}
          <label className="field">
            <span>Status</span>
            <select
              name="status"
              defaultValue={value("status", product?.status ?? "draft")}
              aria-describedby="status-error status-help"
            >
              {statuses.map((st) => (
                <option key={st} value={st}>
                  {STATUS_LABEL[st]}
                </option>
              ))}
            </select>
            {!canPublish && (
              <span className="muted" id="status-help">
                A manager or admin puts it on sale.
              </span>
            )}
            <span className="field__error" id="status-error">
              {errors.status}
            </span>
          </label>
        </div>
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Variants</legend>
        <p className="muted">
          Prices in whole rupees. A sale price, when set, is what shoppers pay. A new variant needs
          its stock figure; after that, stock changes with a reason below.
        </p>
        <VariantRows product={product} rowCount={rowCount} value={value} errors={errors} />
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Search and SEO</legend>
        {field("keywords", "Search keywords (separated by commas)", product?.keywords.join(", "))}
        {field(
          "synonyms",
          "Roman-Urdu words shoppers use for it (joota, qameez…)",
          product?.synonyms.join(", "),
        )}
        {field("seoTitle", "SEO title (70 characters at most)", product?.seoTitle, {
          maxLength: 70,
        })}
        {field(
          "seoDescription",
          "SEO description (160 characters at most)",
          product?.seoDescription,
          { maxLength: 160 },
        )}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        {product ? "Save changes" : "Create product"}
      </button>
    </Form>
  );
}
