import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { datesText, MarketingTable } from "../../components/admin/marketing-table";
import { PromotionFields, promotionText } from "../../components/admin/promotion-fields";
import { requireStaff } from "../../lib/admin.server";
import { promotionTermsOf } from "../../lib/admin-form";
import { adminHead } from "../../lib/admin-head";
import { scopeNames } from "../../lib/admin-picks.server";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import marketingCss from "../../styles/admin-marketing.css?url";
import type { Route } from "./+types/promotions";

export const meta: Route.MetaFunction = () => adminHead("Promotions");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: marketingCss }];

/** /admin/promotions (decision 061): the automatic promotions, and a form for a new one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    const s = services(context);
    const [list, categories] = await Promise.all([
      s.adminPromotions.list(staff),
      s.catalog.categoryTree(),
    ]);
    const names = await scopeNames(s, staff, list.promotions, categories);
    return { ...list, categories, names: Object.fromEntries(names) };
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = await request.formData();
  try {
    const p = await services(context).adminPromotions.create(staff, promotionTermsOf(form));
    return { ok: true, message: `“${p.name}” is made: carts price with it from now.` };
  } catch (e) {
    return failure(e);
  }
}

const STATUS = { live: "Live", scheduled: "Scheduled", off: "Off" };

export default function AdminPromotions() {
  const { promotions, categories, names } = useLoaderData<typeof loader>();
  const named = new Map(Object.entries(names));
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="promotions-title">
      <h1 id="promotions-title">Promotions</h1>
      <p className="muted">
        Discounts the cart applies by itself, no code needed: the best live discount, plus the most
        valuable free gift whose threshold is met.
      </p>
      <AdminFeedback feedback={feedback} />
      <Form
        method="post"
        className="admin-action admin-form"
        aria-label="New promotion"
        key={promotions.length}
      >
        <h2>New promotion</h2>
        <PromotionFields categories={categories} />
        <button type="submit" className="button" disabled={busy}>
          Make the promotion
        </button>
      </Form>
      <MarketingTable
        count={promotions.length}
        empty="No promotions yet."
        head={
          <>
            <th scope="col">Promotion</th>
            <th scope="col">Terms</th>
            <th scope="col">Dates</th>
            <th scope="col">Status</th>
          </>
        }
      >
        {promotions.map((p) => (
          <tr key={p._id}>
            <td>
              <Link to={`/admin/promotions/${p._id}`}>{p.name}</Link>
            </td>
            <td>{promotionText(p, named)}</td>
            <td>{datesText(p.startsAt, p.endsAt)}</td>
            <td>{STATUS[p.status]}</td>
          </tr>
        ))}
      </MarketingTable>
    </section>
  );
}
