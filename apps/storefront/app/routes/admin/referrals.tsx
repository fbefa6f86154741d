import { rupees } from "@maidan/contracts/money";
import type { AdminReferral } from "@maidan/contracts/referrals";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/referrals";

export const meta: Route.MetaFunction = () => adminHead("Referrals");

const STATUS: Record<AdminReferral["status"], string> = {
  joined: "Joined",
  rewarded: "Rewarded",
  capped: "Past the cap",
  refused: "Refused",
  reversed: "Reversed",
};

const FIELDS = [
  ["bonus", "Referrer's bonus (Rs.)"],
  ["welcome", "Friend's welcome credit (Rs.)"],
  ["minOrder", "Minimum first order for the welcome credit (Rs.)"],
  ["monthlyCap", "Bonuses per referrer per month"],
] as const;

/** /admin/referrals (decision 055): who brought whom and what it earned; the programme's amounts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const s = services(context).adminReferrals;
  try {
    const [referrals, settings] = await Promise.all([s.list(staff, page), s.settings(staff)]);
    return { referrals, settings, page, isAdmin: staff.role === "admin" };
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = await request.formData();
  const input = Object.fromEntries(FIELDS.map(([k]) => [k, Number(form.get(k) ?? "")]));
  try {
    await services(context).adminReferrals.setSettings(staff, input);
    return { ok: true, message: "The referral programme's amounts are saved." };
  } catch (e) {
    return failure(e);
  }
}

export default function AdminReferrals() {
  const { referrals, settings, page, isAdmin } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="referrals-title">
      <h1 id="referrals-title">Referrals</h1>
      <AdminFeedback feedback={feedback} />
      <Form method="post" className="admin-filters" aria-label="Referral programme">
        {FIELDS.map(([name, label]) => (
          <label key={name}>
            {label}
            <input
              name={name}
              type="number"
              min={0}
              step={1}
              required
              defaultValue={settings[name]}
              readOnly={!isAdmin}
            />
          </label>
        ))}
        {isAdmin && (
          <button type="submit" className="button" disabled={busy}>
            Save amounts
          </button>
        )}
      </Form>
      {referrals.length === 0 ? (
        <p>No referrals {page > 1 ? "on this page" : "yet"}.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Joined</th>
                <th scope="col">Referrer</th>
                <th scope="col">Friend</th>
                <th scope="col">Status</th>
                <th scope="col">Credited</th>
              </tr>
            </thead>
            <tbody>
              {referrals.map((r) => (
                <tr key={r._id}>
                  <td>{formatDate(r.createdAt)}</td>
                  <td>
                    <Link to={`/admin/customers/${r.referrer._id}`}>{r.referrer.name}</Link>
                  </td>
                  <td>
                    <Link to={`/admin/customers/${r.friend._id}`}>{r.friend.name}</Link>
                    {r.phone && <div className="muted">{r.phone}</div>}
                  </td>
                  <td>
                    {STATUS[r.status]}
                    {r.orderId && (
                      <div>
                        <Link to={`/admin/orders/${r.orderId}`}>Order</Link>
                      </div>
                    )}
                  </td>
                  <td>
                    {rupees(r.bonus)} + {rupees(r.welcome)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        {page > 1 && <Link to={`?page=${page - 1}`}>Newer</Link>}{" "}
        {referrals.length === 50 && <Link to={`?page=${page + 1}`}>Older</Link>}
      </p>
    </section>
  );
}
