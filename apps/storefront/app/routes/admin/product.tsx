import {
  type AdminProduct,
  PRODUCT_IMAGE_MAX_MB,
  PRODUCT_STATUSES,
  productInput,
  STOCK_REASONS,
} from "@maidan/contracts/admin-products";
import { hasRole } from "@maidan/contracts/auth";
import { type DragEvent, useState } from "react";
import {
  Form,
  Link,
  redirect,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
} from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { STATUS_LABEL } from "../../components/admin/product-status";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { imageSources } from "../../lib/image-sources";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminHead(loaderData?.product ? loaderData.product.name : "New product");

/** Blank variant rows the form offers for new variants (more after each save). */
const NEW_ROWS = 2;
const VARIANT_FIELDS = ["sku", "size", "color", "price", "salePrice", "stock"] as const;

/**
 * /admin/products/new and /admin/products/:id (decision 060): the product, its variants, images
 * and stock. Every part works as plain forms; dragging images to reorder them is added by script,
 * with Up and Down buttons for keyboards and no script.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const s = services(context).adminProducts;
  try {
    const [options, product] = await Promise.all([
      s.options(staff),
      params.id ? s.get(staff, params.id) : Promise.resolve(null),
    ]);
    return {
      options,
      product,
      canPublish: hasRole(staff.role, "manager"),
      created: new URL(request.url).searchParams.has("created"),
    };
  } catch (e) {
    throw pageError(e, request);
  }
}

type Feedback = {
  ok: boolean;
  message: string;
  intent: string;
  id?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

/** The editor's form as the service's body; `rowOf[i]`: the form row of the body's variant i. */
function productBody(form: FormData) {
  const text = (k: string) => String(form.get(k) ?? "").trim();
  const rows = Math.min(200, Number(form.get("rows") ?? 0) || 0);
  const variants: Record<string, string>[] = [];
  const rowOf: number[] = [];
  for (let i = 0; i < rows; i++) {
    if (form.get(`v${i}.remove`)) continue;
    const v: Record<string, string> = { id: text(`v${i}.id`) };
    for (const f of VARIANT_FIELDS) v[f] = text(`v${i}.${f}`);
    if (!v.id && VARIANT_FIELDS.every((f) => !v[f])) continue;
    variants.push(v);
    rowOf.push(i);
  }
  const body = {
    name: text("name"),
    slug: text("slug"),
    description: text("description"),
    categoryId: text("categoryId"),
    brandId: text("brandId"),
    vendorId: text("vendorId"),
    status: text("status"),
    keywords: text("keywords"),
    synonyms: text("synonyms"),
    seoTitle: text("seoTitle"),
    seoDescription: text("seoDescription"),
    variants,
  };
  return { body, rowOf };
}

/** `variants.1.salePrice` → the form's `v3.salePrice` (its row); other paths as they are. */
const fieldOf = (path: readonly PropertyKey[], rowOf: number[]) =>
  path[0] === "variants" && typeof path[1] === "number"
    ? `v${rowOf[path[1]] ?? path[1]}${path[2] ? `.${String(path[2])}` : ".sku"}`
    : path.map(String).join(".");

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const s = services(context).adminProducts;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = params.id ?? "";
  const say = (message: string, extra: Partial<Feedback> = {}): Feedback => ({
    ok: true,
    message,
    intent,
    ...extra,
  });
  if (intent === "save") {
    const { body, rowOf } = productBody(form);
    const values = Object.fromEntries(
      [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    const parsed = productInput.safeParse(body);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[fieldOf(issue.path, rowOf)] ??= issue.message;
      return {
        ok: false,
        intent,
        message: "Check the fields marked below: nothing was saved.",
        errors,
        values,
      } satisfies Feedback;
    }
    try {
      if (!params.id) {
        const made = await s.create(staff, body);
        return redirect(`/admin/products/${made._id}?created`);
      }
      await s.update(staff, id, body);
      return say("Saved. The shop shows the change now.");
    } catch (e) {
      const f = failure(e);
      // A service's field error reads `field: message`.
      const m = /^([a-zA-Z]+(?:\.\d+\.[a-zA-Z]+)?): (.*)$/.exec(f.message);
      const errors = m?.[1] && m[2] ? { [m[1]]: m[2] } : undefined;
      return { ...f, intent, errors, values } satisfies Feedback;
    }
  }
  try {
    switch (intent) {
      case "delete": {
        const { outcome } = await s.remove(staff, id);
        if (outcome === "deleted") return redirect("/admin/products");
        return say(
          "It has orders, so it is archived instead of deleted: the shop no longer shows it.",
        );
      }
      case "image-upload": {
        const file = form.get("file");
        if (!file || typeof file === "string" || file.size === 0)
          return { ok: false, intent, message: "Choose an image to upload." } satisfies Feedback;
        await s.addImage(staff, id, {
          bytes: new Uint8Array(await file.arrayBuffer()),
          alt: form.get("alt"),
        });
        return say("The image is added last.");
      }
      case "image-alt": {
        const imageId = String(form.get("imageId") ?? "");
        await s.setImageAlt(staff, id, imageId, { alt: form.get("alt") });
        return say("The alt text is saved.", { id: imageId });
      }
      case "image-delete": {
        await s.removeImage(staff, id, String(form.get("imageId") ?? ""));
        return say("The image is removed.");
      }
      case "image-up":
      case "image-down":
      case "image-order": {
        const current = (await s.get(staff, id)).images.map((i) => i._id);
        const imageId = String(form.get("imageId") ?? "");
        let order = current;
        if (intent === "image-order") {
          order = String(form.get("order") ?? "")
            .split(",")
            .filter(Boolean);
        } else {
          const at = current.indexOf(imageId);
          const to = intent === "image-up" ? at - 1 : at + 1;
          if (at >= 0 && to >= 0 && to < current.length) {
            order = [...current];
            [order[at], order[to]] = [order[to] as string, order[at] as string];
          }
        }
        await s.orderImages(staff, id, { order });
        return say("The images are in their new order.", { id: imageId });
      }
      case "stock": {
        const variantId = String(form.get("variantId") ?? "");
        const r = await s.adjustStock(staff, variantId, {
          reason: form.get("reason"),
          qty: form.get("qty"),
          note: form.get("note"),
        });
        return say(`Stock is now ${r.stock} (${r.delta >= 0 ? "+" : ""}${r.delta}).`, {
          id: variantId,
        });
      }
      default:
        return { ok: false, intent, message: "Unknown action." } satisfies Feedback;
    }
  } catch (e) {
    const f = failure(e);
    return {
      ...f,
      intent,
      id: String(form.get("variantId") ?? form.get("imageId") ?? ""),
    } satisfies Feedback;
  }
}

const thumb = (url: string) => imageSources(url, [160])?.fallback ?? url;

export default function AdminProductEditor() {
  const { options, product, canPublish, created } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>() as Feedback | undefined;
  const busy = useNavigation().state !== "idle";
  const saveFeedback = feedback?.intent === "save" ? feedback : undefined;
  const values = saveFeedback?.values;
  const errors = saveFeedback?.errors ?? {};
  const value = (name: string, fallback: string | null | undefined) =>
    values ? (values[name] ?? "") : (fallback ?? "");
  const statuses = PRODUCT_STATUSES.filter(
    (st) => st !== "active" || canPublish || product?.status === "active",
  );
  const rowCount = (product?.variants.length ?? 0) + (product ? NEW_ROWS : NEW_ROWS + 1);
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
    <section aria-labelledby="product-title" className="admin-product">
      <p>
        <Link to="/admin/products">← Products</Link>
      </p>
      <div className="admin-heading">
        <h1 id="product-title">{product ? product.name : "New product"}</h1>
        {product && (
          <span className={`admin-status admin-status--${product.status}`}>
            {STATUS_LABEL[product.status]}
          </span>
        )}
        {product?.status === "active" && (
          <Link to={`/${product.slug}`} target="_blank" rel="noreferrer">
            View in the shop
          </Link>
        )}
      </div>
      {created && !feedback && (
        <p role="status" className="admin-note">
          The product is created. Add its images below.
        </p>
      )}
      {saveFeedback && <AdminFeedback feedback={saveFeedback} />}

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
            Prices in whole rupees. A sale price, when set, is what shoppers pay. A new variant
            needs its stock figure; after that, stock changes with a reason below.
          </p>
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
                          inputMode={
                            ["price", "salePrice", "stock"].includes(f) ? "numeric" : undefined
                          }
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

      {product && <Images product={product} feedback={feedback} busy={busy} />}
      {product && <Stock product={product} feedback={feedback} busy={busy} />}
      {product && (
        <Form method="post" className="admin-danger">
          <input type="hidden" name="intent" value="delete" />
          {feedback?.intent === "delete" && <AdminFeedback feedback={feedback} />}
          <button type="submit" className="button button--secondary" disabled={busy}>
            {product.hasOrders ? "Archive product (it has orders)" : "Delete product"}
          </button>
        </Form>
      )}
    </section>
  );
}

function Images({
  product,
  feedback,
  busy,
}: {
  product: AdminProduct;
  feedback: Feedback | undefined;
  busy: boolean;
}) {
  const images = product.images;
  const fetcher = useFetcher();
  const [dragged, setDragged] = useState<string | null>(null);
  const mine = feedback?.intent.startsWith("image") ? feedback : undefined;
  const drop = (e: DragEvent, target: string) => {
    e.preventDefault();
    if (!dragged || dragged === target) return;
    const order = images.map((i) => i._id).filter((x) => x !== dragged);
    order.splice(order.indexOf(target), 0, dragged);
    setDragged(null);
    fetcher.submit({ intent: "image-order", order: order.join(",") }, { method: "post" });
  };
  return (
    <section aria-labelledby="images-title" className="admin-fieldset">
      <h2 id="images-title">Images</h2>
      <p className="muted">
        The first image is the main one. Drag an image to move it, or use Up and Down.
      </p>
      {mine && <AdminFeedback feedback={mine} />}
      <ol className="admin-images">
        {images.map((img, i) => (
          <li
            key={img._id}
            className="admin-image"
            data-testid="admin-image"
            draggable
            onDragStart={() => setDragged(img._id)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => drop(e, img._id)}
          >
            <img src={thumb(img.url)} alt={img.alt} width={96} height={96} />
            <Form method="post" className="admin-action">
              <input type="hidden" name="intent" value="image-alt" />
              <input type="hidden" name="imageId" value={img._id} />
              <label className="field">
                <span>Alt text</span>
                <input name="alt" defaultValue={img.alt} required maxLength={200} />
              </label>
              <button type="submit" className="button button--small" disabled={busy}>
                Save
              </button>
            </Form>
            <Form method="post" className="admin-image__buttons">
              <input type="hidden" name="imageId" value={img._id} />
              <button
                type="submit"
                name="intent"
                value="image-up"
                className="button button--small button--secondary"
                disabled={busy || i === 0}
                aria-label={`Move image ${i + 1} up`}
              >
                Up
              </button>
              <button
                type="submit"
                name="intent"
                value="image-down"
                className="button button--small button--secondary"
                disabled={busy || i === images.length - 1}
                aria-label={`Move image ${i + 1} down`}
              >
                Down
              </button>
              <button
                type="submit"
                name="intent"
                value="image-delete"
                className="button button--small button--secondary"
                disabled={busy}
                aria-label={`Delete image ${i + 1}`}
              >
                Delete
              </button>
            </Form>
          </li>
        ))}
      </ol>
      <Form
        // A fresh (empty) form after each image added.
        key={images.length}
        method="post"
        encType="multipart/form-data"
        className="admin-action admin-upload"
        aria-label="Upload an image"
      >
        <input type="hidden" name="intent" value="image-upload" />
        <label className="field">
          <span>Image (JPG, PNG, GIF, WebP or AVIF; {PRODUCT_IMAGE_MAX_MB} MB at most)</span>
          <input type="file" name="file" accept="image/*" required />
        </label>
        <label className="field">
          <span>Alt text (what the image shows)</span>
          <input name="alt" required maxLength={200} />
        </label>
        <button type="submit" className="button" disabled={busy}>
          Upload image
        </button>
      </Form>
    </section>
  );
}

function Stock({
  product,
  feedback,
  busy,
}: {
  product: AdminProduct;
  feedback: Feedback | undefined;
  busy: boolean;
}) {
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
