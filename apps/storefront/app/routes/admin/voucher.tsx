import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { scopeText } from "../../components/admin/scope-fields";
import { discountText, VoucherFields } from "../../components/admin/voucher-fields";
import { requireStaff } from "../../lib/admin.server";
import { voucherTermsOf } from "../../lib/admin-form";
import { adminHead } from "../../lib/admin-head";
import { pickedFor } from "../../lib/admin-picks.server";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import marketingCss from "../../styles/admin-marketing.css?url";
import type { Route } from "./+types/voucher";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminHead(loaderData ? `Voucher ${loaderData.voucher.code}` : "Voucher");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: marketingCss }];

/** /admin/vouchers/:id (decision 061): a voucher's terms to edit, and ending it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    const s = services(context);
    const [voucher, categories] = await Promise.all([
      s.adminVouchers.get(staff, params.id),
      s.catalog.categoryTree(),
    ]);
    const picked = await pickedFor(s, staff, {
      products: voucher.scope === "product" ? voucher.scopeIds : [],
    });
    return { voucher, categories, picked };
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = await request.formData();
  const vouchers = services(context).adminVouchers;
  try {
    if (form.get("intent") === "end") {
      const v = await vouchers.end(staff, params.id);
      return { ok: true, message: `Voucher ${v.code} is ended: it takes no new uses.` };
    }
    const v = await vouchers.update(staff, params.id, voucherTermsOf(form));
    return { ok: true, message: `Voucher ${v.code} is saved.` };
  } catch (e) {
    return failure(e);
  }
}

export default function AdminVoucher() {
  const { voucher: v, categories, picked } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="voucher-title">
      <p>
        <Link to="/admin/vouchers">← Vouchers</Link>
      </p>
      <h1 id="voucher-title">Voucher {v.code}</h1>
      <p className="muted">
        {discountText(v)} on{" "}
        {scopeText(v.scope, v.scopeIds, new Map(picked.map((p) => [p.id, p.name])))} · used {v.used}
        {v.usageLimit === null ? "" : ` of ${v.usageLimit}`} times ·{" "}
        {v.active ? "switched on" : "ended"}
      </p>
      <AdminFeedback feedback={feedback} />
      {/* Keyed by the saved terms: after a save the fields show what was stored. */}
      <Form
        method="post"
        className="admin-action admin-form"
        aria-label="Edit voucher"
        key={JSON.stringify(v)}
      >
        <h2>Terms</h2>
        <VoucherFields voucher={v} categories={categories} picked={picked} />
        <button type="submit" className="button" disabled={busy}>
          Save
        </button>
      </Form>
      {v.active && (
        <Form method="post" className="admin-action" aria-label="End voucher">
          <p>Ending it stops new uses at once; orders that used it keep their discount.</p>
          <button
            type="submit"
            name="intent"
            value="end"
            className="button button--secondary"
            disabled={busy}
          >
            End the voucher
          </button>
        </Form>
      )}
    </section>
  );
}
