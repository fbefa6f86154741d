import { rupees } from "@maidan/contracts/money";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { datesText, MarketingTable } from "../../components/admin/marketing-table";
import { scopeText } from "../../components/admin/scope-fields";
import { discountText, VoucherFields } from "../../components/admin/voucher-fields";
import { requireStaff } from "../../lib/admin.server";
import { voucherTermsOf } from "../../lib/admin-form";
import { adminHead } from "../../lib/admin-head";
import { scopeNames } from "../../lib/admin-picks.server";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import marketingCss from "../../styles/admin-marketing.css?url";
import type { Route } from "./+types/vouchers";

export const meta: Route.MetaFunction = () => adminHead("Vouchers");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: marketingCss }];

/** /admin/vouchers (decision 061): the vouchers with their uses, and a form for a new one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    const s = services(context);
    const [list, categories] = await Promise.all([
      s.adminVouchers.list(staff),
      s.catalog.categoryTree(),
    ]);
    const names = await scopeNames(s, staff, list.vouchers, categories);
    return { ...list, categories, names: Object.fromEntries(names) };
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = await request.formData();
  try {
    const v = await services(context).adminVouchers.create(staff, {
      code: String(form.get("code") ?? ""),
      ...voucherTermsOf(form),
    });
    return { ok: true, message: `Voucher ${v.code} is made.` };
  } catch (e) {
    return failure(e);
  }
}

const STATUS = { live: "Live", scheduled: "Scheduled", ended: "Ended", used_up: "Used up" };

export default function AdminVouchers() {
  const { vouchers, categories, names } = useLoaderData<typeof loader>();
  const named = new Map(Object.entries(names));
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="vouchers-title">
      <h1 id="vouchers-title">Vouchers</h1>
      <p className="muted">
        Codes shoppers type at checkout. Each applies to everything or to the categories or products
        chosen (the minimum order is the whole cart's); each order takes its use when it is placed
        and gives it back if it is cancelled.
      </p>
      <AdminFeedback feedback={feedback} />
      {/* A new key after each voucher made: the form starts empty again. */}
      <Form
        method="post"
        className="admin-action admin-form"
        aria-label="New voucher"
        key={vouchers.length}
      >
        <h2>New voucher</h2>
        <label className="field">
          <span>Code</span>
          <input
            name="code"
            required
            minLength={3}
            maxLength={40}
            pattern="[A-Za-z0-9_\-]+"
            autoCapitalize="characters"
          />
        </label>
        <VoucherFields categories={categories} />
        <button type="submit" className="button" disabled={busy}>
          Make the voucher
        </button>
      </Form>
      <MarketingTable
        count={vouchers.length}
        empty="No vouchers yet."
        head={
          <>
            <th scope="col">Code</th>
            <th scope="col">Discount</th>
            <th scope="col">Applies to</th>
            <th scope="col">Minimum order</th>
            <th scope="col">Dates</th>
            <th scope="col" className="num">
              Used
            </th>
            <th scope="col">Status</th>
          </>
        }
      >
        {vouchers.map((v) => (
          <tr key={v._id}>
            <td>
              <Link to={`/admin/vouchers/${v._id}`}>{v.code}</Link>
              <div className="muted">{v.description}</div>
            </td>
            <td>{discountText(v)}</td>
            <td>{scopeText(v.scope, v.scopeIds, named)}</td>
            <td>{v.minCartValue > 0 ? rupees(v.minCartValue) : "—"}</td>
            <td>{datesText(v.startsAt, v.endsAt)}</td>
            <td className="num">
              {v.used}
              {v.usageLimit === null ? "" : ` of ${v.usageLimit}`}
              <div className="muted">{v.perUserLimit} per shopper</div>
            </td>
            <td>{STATUS[v.status]}</td>
          </tr>
        ))}
      </MarketingTable>
    </section>
  );
}
