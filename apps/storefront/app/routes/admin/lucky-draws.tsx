import { rupees } from "@maidan/contracts/money";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { requireStaff } from "../../lib/admin.server";
import { fromPakistanTime, optional } from "../../lib/admin-form";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import overviewCss from "../../styles/admin-overview.css?url";
import type { Route } from "./+types/lucky-draws";

export const meta: Route.MetaFunction = () => adminHead("Lucky draws");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: overviewCss }];

/** /admin/lucky-draws (decision 056): the draws with their entries, and a form for a new one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return await services(context).adminLuckyDraws.list(staff);
  } catch (e) {
    throw pageError(e, request);
  }
}

/** A new draw; its times are typed in Pakistan time (UTC+5, no daylight saving). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = await request.formData();
  const opens = optional(form, "opensAt");
  try {
    const d = await services(context).adminLuckyDraws.create(staff, {
      ...Object.fromEntries(form),
      opensAt: opens === null ? undefined : fromPakistanTime(opens),
      closesAt: fromPakistanTime(String(form.get("closesAt") ?? "")),
    });
    return { ok: true, message: `“${d.title}” is open until ${formatDate(d.closesAt)}.` };
  } catch (e) {
    return failure(e);
  }
}

export default function AdminLuckyDraws() {
  const { draws } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="draws-title">
      <h1 id="draws-title">Lucky draws</h1>
      <p className="muted">
        Each draw runs by itself a minute after it closes: the winners get the prize in their
        wallet, an in-app notification and an SMS.
      </p>
      <AdminFeedback feedback={feedback} />
      {/* A new key after each draw made: the form starts empty again. */}
      <Form method="post" className="admin-action" aria-label="New lucky draw" key={draws.length}>
        <h2>New draw</h2>
        <label className="field">
          <span>Title</span>
          <input name="title" required maxLength={120} />
        </label>
        <label className="field">
          <span>Prize, in words</span>
          <input name="prize" required maxLength={200} placeholder="Rs. 5,000 in your wallet" />
        </label>
        <label className="field">
          <span>Wallet credit to each winner (Rs.)</span>
          <input name="prizeAmount" type="number" min={1} required inputMode="numeric" />
        </label>
        <label className="field">
          <span>Winners</span>
          <input name="winnersCount" type="number" min={1} max={100} defaultValue={1} />
        </label>
        <label className="field">
          <span>Opens (Pakistan time, empty: now)</span>
          <input name="opensAt" type="datetime-local" />
        </label>
        <label className="field">
          <span>Closes (Pakistan time)</span>
          <input name="closesAt" type="datetime-local" required />
        </label>
        <button type="submit" className="button" disabled={busy}>
          Open the draw
        </button>
      </Form>
      {draws.length === 0 ? (
        <p>No draws yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Draw</th>
                <th scope="col">Closes</th>
                <th scope="col" className="num">
                  Entries
                </th>
                <th scope="col" className="num">
                  Tickets
                </th>
                <th scope="col">Winners</th>
              </tr>
            </thead>
            <tbody>
              {draws.map((d) => (
                <tr key={d._id}>
                  <td>
                    {d.title}
                    <div className="muted">
                      {rupees(d.prizeAmount)} × {d.winnersCount}
                    </div>
                  </td>
                  <td>
                    {formatDate(d.closesAt)}
                    <div className="muted">
                      {d.status === "drawn"
                        ? "Drawn"
                        : new Date(d.opensAt) > new Date()
                          ? `Opens ${formatDate(d.opensAt)}`
                          : "Open"}
                    </div>
                  </td>
                  <td className="num">{d.entries}</td>
                  <td className="num">{d.ticketsSoFar}</td>
                  <td>
                    {d.winners.length === 0
                      ? "—"
                      : d.winners.map((w) => `${w.place}. ${w.name}`).join(", ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
