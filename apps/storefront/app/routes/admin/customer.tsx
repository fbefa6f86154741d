import { blockBody, walletAdjustmentBody } from "@maidan/contracts/admin-customers";
import { STAFF_STATUS_LABEL } from "@maidan/contracts/admin-orders";
import { rupees } from "@maidan/contracts/money";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminHead(loaderData?.customer.name ?? "Customer");

type Feedback = {
  ok: boolean;
  message: string;
  intent?: string;
  fields?: Partial<Record<"amount" | "reason", string>>;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return { customer: await services(context).adminCustomers.get(staff, params.id) };
  } catch (e) {
    throw pageError(e, request);
  }
}

/** A wallet adjustment, a block or an unblock, each with its reason (decision 046). */
export async function action({ request, context, params }: Route.ActionArgs): Promise<Feedback> {
  const staff = requireStaff(context, request);
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  const s = services(context).adminCustomers;
  const parsed =
    intent === "adjust" ? walletAdjustmentBody.safeParse(form) : blockBody.safeParse(form);
  if (!parsed.success) {
    const fields: Feedback["fields"] = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "reason") as "amount" | "reason";
      if (!fields[name]) fields[name] = issue.message;
    }
    return { ok: false, message: "Please correct the fields marked below.", intent, fields };
  }
  try {
    if (intent === "adjust") {
      const after = await s.adjustWallet(staff, params.id, parsed.data);
      return { ok: true, message: `The wallet now holds ${rupees(after.wallet.balance)}.` };
    }
    if (intent === "block") {
      await s.block(staff, params.id, parsed.data);
      return { ok: true, message: "The account is blocked and signed out everywhere." };
    }
    await s.unblock(staff, params.id, parsed.data);
    return { ok: true, message: "The account is unblocked." };
  } catch (e) {
    return { ...failure(e), intent };
  }
}

export default function AdminCustomer() {
  const { customer: c } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const errorsOf = (intent: string) => (feedback?.intent === intent ? (feedback.fields ?? {}) : {});
  const field = (intent: string, name: "amount" | "reason", text: string, hint?: string) => {
    const errors = errorsOf(intent);
    return (
      <label className="field">
        <span>{text}</span>
        <input
          name={name}
          inputMode={name === "amount" ? "numeric" : undefined}
          placeholder={hint}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={`${intent}-${name}-error`}
        />
        <span className="field__error" id={`${intent}-${name}-error`} aria-live="polite">
          {errors[name]}
        </span>
      </label>
    );
  };
  const blockIntent = c.blocked ? "unblock" : "block";
  return (
    <section aria-labelledby="customer-title" className="admin-order">
      <p>
        <Link to="/admin/customers">← Customers</Link>
      </p>
      <h1 id="customer-title">
        {c.name}{" "}
        {c.blocked && <span className="admin-status admin-status--cancelled">Blocked</span>}
      </h1>
      <p className="muted">
        {c.email ?? "no e-mail"} · {c.phone ?? "no phone"} · since {formatDate(c.createdAt)}
        {c.verified ? " · verified" : ""}
      </p>
      {c.blocked && (
        <p className="admin-alert">
          Blocked {formatDate(c.blocked.at)}: {c.blocked.reason}
        </p>
      )}
      <AdminFeedback feedback={feedback} />
      <div className="admin-columns">
        <div>
          <h2>Orders</h2>
          {c.orders.length === 0 ? (
            <p>No orders yet.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Placed</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {c.orders.map((o) => (
                    <tr key={o._id}>
                      <td>
                        <Link to={`/admin/orders/${o._id}`}>{o.orderNo}</Link>
                      </td>
                      <td>{formatDate(o.createdAt)}</td>
                      <td>{STAFF_STATUS_LABEL[o.status]}</td>
                      <td className="num">{rupees(o.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2>Wallet: {rupees(c.wallet.balance)}</h2>
          <ul className="admin-ledger">
            {c.wallet.entries.map((e) => (
              <li key={e._id}>
                <strong>{e.amount > 0 ? `+${rupees(e.amount)}` : `−${rupees(-e.amount)}`}</strong> ·{" "}
                {formatDate(e.createdAt)} · {e.remark}
              </li>
            ))}
          </ul>
          <Form method="post" className="admin-action" noValidate>
            <input type="hidden" name="intent" value="adjust" />
            {field("adjust", "amount", "Adjust by (rupees; negative takes out)", "500 or -200")}
            {field("adjust", "reason", "Reason")}
            <button type="submit" className="button" disabled={busy}>
              Adjust wallet
            </button>
          </Form>
        </div>
        <aside>
          <h2>Addresses</h2>
          {c.addresses.length === 0 && <p>None saved.</p>}
          <ul>
            {c.addresses.map((a) => (
              <li key={a._id}>
                {a.fullName} · {a.phone}
                <div className="muted">
                  {a.address}, {a.city}
                  {a.isDefault ? " (default)" : ""}
                </div>
              </li>
            ))}
          </ul>
          <h2>Account</h2>
          {/* Keyed: the unblock form starts empty, not with the block's reason. */}
          <Form method="post" className="admin-action" noValidate key={blockIntent}>
            <input type="hidden" name="intent" value={blockIntent} />
            {field(
              blockIntent,
              "reason",
              c.blocked ? "Reason for unblocking" : "Reason for blocking",
            )}
            <button
              type="submit"
              className={c.blocked ? "button" : "button button--secondary"}
              disabled={busy}
            >
              {c.blocked ? "Unblock account" : "Block account"}
            </button>
          </Form>
        </aside>
      </div>
    </section>
  );
}
