import { type CallBackRequest, callBackUpdateBody } from "@maidan/contracts/vendor-applications";
import {
  CALL_BACK_STATUSES,
  CALL_BACK_TIME_LABEL,
  CALL_BACK_TOPIC_LABEL,
} from "@maidan/contracts/vendor-labels";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { Pager } from "../../components/admin/pager";
import { StatusTabs } from "../../components/admin/status-tabs";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { queueQuery } from "../../lib/admin-queue.server";
import { formatDate } from "../../lib/format";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import overviewCss from "../../styles/admin-overview.css?url";
import queuesCss from "../../styles/admin-queues.css?url";
import type { Route } from "./+types/call-backs";

export const meta: Route.MetaFunction = () => adminHead("Call-backs");
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: overviewCss },
  { rel: "stylesheet", href: queuesCss },
];

const LABEL: Record<CallBackRequest["status"], string> = {
  new: "New",
  called: "Called",
  closed: "Closed",
};

/** /admin/call-backs (decision 053): the queue by status, new ones by default, oldest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const query = queueQuery(request, "new");
  try {
    return {
      list: await services(context).adminVendors.callBacks(staff, query),
      status: query.status,
    };
  } catch (e) {
    throw pageError(e, request);
  }
}

/** A call-back's new status and note. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = Object.fromEntries(await request.formData());
  const parsed = callBackUpdateBody.safeParse(form);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? "Choose a status." };
  try {
    const c = await services(context).adminVendors.updateCallBack(
      staff,
      String(form.id ?? ""),
      parsed.data,
    );
    return { ok: true, message: `${c.name}'s call-back is ${LABEL[c.status].toLowerCase()}.` };
  } catch (e) {
    return failure(e);
  }
}

export default function AdminCallBacks() {
  const { list, status } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="cb-title">
      <h1 id="cb-title">Call-back requests</h1>
      <StatusTabs statuses={CALL_BACK_STATUSES} current={status} label={LABEL} />
      <AdminFeedback feedback={feedback} />
      {list.callBacks.length === 0 ? (
        <p>No {LABEL[status as CallBackRequest["status"]]?.toLowerCase()} call-back requests.</p>
      ) : (
        <ol className="admin-queue" aria-label="Call-back requests">
          {list.callBacks.map((c) => (
            <li key={c._id} className="admin-queue__item" aria-label={`${c.name} ${c.phone}`}>
              <div className="admin-queue__facts">
                <p>
                  <strong>{c.name}</strong> · <a href={`tel:+92${c.phone.slice(1)}`}>{c.phone}</a>{" "}
                  <span className="admin-status">{LABEL[c.status]}</span>
                </p>
                <p>
                  {CALL_BACK_TOPIC_LABEL[c.topic]}
                  {c.orderNo ? ` · order ${c.orderNo}` : ""} ·{" "}
                  {CALL_BACK_TIME_LABEL[c.preferredTime]}
                </p>
                {c.message && <p className="muted">“{c.message}”</p>}
                <p className="muted">
                  Asked {formatDate(c.createdAt)}
                  {c.status !== "new" ? ` · updated ${formatDate(c.updatedAt)}` : ""}
                </p>
                {c.note && <p>Note: {c.note}</p>}
              </div>
              <Form method="post" className="admin-queue__actions">
                <input type="hidden" name="id" value={c._id} />
                <select
                  name="status"
                  defaultValue={c.status === "new" ? "called" : c.status}
                  aria-label={`Status of ${c.name}'s call-back`}
                >
                  {CALL_BACK_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {LABEL[s]}
                    </option>
                  ))}
                </select>
                <input
                  name="note"
                  maxLength={500}
                  placeholder="What came of the call"
                  aria-label={`Note on ${c.name}'s call-back`}
                  defaultValue={c.note ?? ""}
                />
                <button
                  type="submit"
                  className="button button--small"
                  disabled={busy}
                  aria-label={`Save ${c.name}'s call-back`}
                >
                  Save
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
      <Pager
        total={list.total}
        page={list.page}
        pageSize={list.pageSize}
        query={{ status }}
        noun="requests"
      />
    </section>
  );
}
