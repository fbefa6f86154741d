import { productInput } from "@maidan/contracts/admin-products";
import { hasRole } from "@maidan/contracts/auth";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { ImageList } from "../../components/admin/image-list";
import { type ProductFeedback, ProductForm } from "../../components/admin/product-form";
import { STATUS_LABEL } from "../../components/admin/product-status";
import { StockAdjust } from "../../components/admin/stock-adjust";
import { VARIANT_FIELDS } from "../../components/admin/variant-rows";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminHead(loaderData?.product ? loaderData.product.name : "New product");

/**
 * /admin/products/new and /admin/products/:id (decision 060): the product, its variants, images
 * and stock. Every part works as plain forms; dragging images to reorder them is added by script,
 * with Up and Down buttons for keyboards and no script. The parts are components/admin's
 * product-form (with variant-rows), image-list and stock-adjust; this module reads their forms.
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
  const say = (message: string, extra: Partial<ProductFeedback> = {}): ProductFeedback => ({
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
      } satisfies ProductFeedback;
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
      return { ...f, intent, errors, values } satisfies ProductFeedback;
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
          return {
            ok: false,
            intent,
            message: "Choose an image to upload.",
          } satisfies ProductFeedback;
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
        return { ok: false, intent, message: "Unknown action." } satisfies ProductFeedback;
    }
  } catch (e) {
    const f = failure(e);
    return {
      ...f,
      intent,
      id: String(form.get("variantId") ?? form.get("imageId") ?? ""),
    } satisfies ProductFeedback;
  }
}

export default function AdminProductEditor() {
  const { options, product, canPublish, created } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>() as ProductFeedback | undefined;
  const busy = useNavigation().state !== "idle";
  const saveFeedback = feedback?.intent === "save" ? feedback : undefined;

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

      <ProductForm
        product={product}
        options={options}
        canPublish={canPublish}
        feedback={saveFeedback}
        busy={busy}
      />

      {product && <ImageList product={product} feedback={feedback} busy={busy} />}
      {product && <StockAdjust product={product} feedback={feedback} busy={busy} />}
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
