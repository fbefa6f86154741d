import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { PromotionFields, promotionText } from "../../components/admin/promotion-fields";
import { requireStaff } from "../../lib/admin.server";
import { promotionTermsOf } from "../../lib/admin-form";
import { adminHead } from "../../lib/admin-head";
import { pickedFor } from "../../lib/admin-picks.server";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import marketingCss from "../../styles/admin-marketing.css?url";
import type { Route } from "./+types/promotion";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminHead(loaderData ? loaderData.promotion.name : "Promotion");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: marketingCss }];

/** /admin/promotions/:id (decision 061): a promotion's terms to edit, and switching it off. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    const s = services(context);
    const [promotion, categories] = await Promise.all([
      s.adminPromotions.get(staff, params.id),
      s.catalog.categoryTree(),
    ]);
    const picked = await pickedFor(s, staff, {
      products: promotion.scope === "product" ? promotion.scopeIds : [],
      variants: promotion.giftVariantId ? [promotion.giftVariantId] : [],
    });
    return { promotion, categories, picked };
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = await request.formData();
  const promotions = services(context).adminPromotions;
  try {
    if (form.get("intent") === "switch-off") {
      const p = await promotions.switchOff(staff, params.id);
      return { ok: true, message: `“${p.name}” is off: carts no longer get it.` };
    }
    const p = await promotions.update(staff, params.id, promotionTermsOf(form));
    return { ok: true, message: `“${p.name}” is saved.` };
  } catch (e) {
    return failure(e);
  }
}

export default function AdminPromotion() {
  const { promotion: p, categories, picked } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="promotion-title">
      <p>
        <Link to="/admin/promotions">← Promotions</Link>
      </p>
      <h1 id="promotion-title">{p.name}</h1>
      <p className="muted">{promotionText(p, new Map(picked.map((x) => [x.id, x.name])))}</p>
      <AdminFeedback feedback={feedback} />
      <Form
        method="post"
        className="admin-action admin-form"
        aria-label="Edit promotion"
        key={JSON.stringify(p)}
      >
        <h2>Terms</h2>
        <PromotionFields promotion={p} categories={categories} picked={picked} />
        <button type="submit" className="button" disabled={busy}>
          Save
        </button>
      </Form>
      {p.active && (
        <Form method="post" className="admin-action" aria-label="Switch off">
          <p>Switching it off stops it at the cart's next pricing; placed orders keep it.</p>
          <button
            type="submit"
            name="intent"
            value="switch-off"
            className="button button--secondary"
            disabled={busy}
          >
            Switch it off
          </button>
        </Form>
      )}
    </section>
  );
}
