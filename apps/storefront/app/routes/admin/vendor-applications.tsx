import {
  type AdminVendorApplication,
  rejectApplicationBody,
} from "@maidan/contracts/vendor-applications";
import { VENDOR_APPLICATION_STATUSES } from "@maidan/contracts/vendor-labels";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
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
import type { Route } from "./+types/vendor-applications";

export const meta: Route.MetaFunction = () => adminHead("Vendor applications");
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: overviewCss },
  { rel: "stylesheet", href: queuesCss },
];

const LABEL: Record<AdminVendorApplication["status"], string> = {
  pending: "Waiting",
  approved: "Approved",
  rejected: "Rejected",
};

/** /admin/vendor-applications (decision 053): the queue by status, waiting ones by default. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const query = queueQuery(request, "pending");
  try {
    return { list: await services(context).adminVendors.list(staff, query), status: query.status };
  } catch (e) {
    throw pageError(e, request);
  }
}

type Feedback = { ok: boolean; message: string; id?: string; reasonError?: string };

/** Approve (the store and vendor account) or reject with a reason, one application. */
export async function action({ request, context }: Route.ActionArgs): Promise<Feedback> {
  const staff = requireStaff(context, request);
  const form = Object.fromEntries(await request.formData());
  const id = String(form.id ?? "");
  const s = services(context).adminVendors;
  try {
    if (form.intent === "approve") {
      const a = await s.approve(staff, id);
      return { ok: true, message: `${a.businessName} is approved: its store page is open.`, id };
    }
    const parsed = rejectApplicationBody.safeParse(form);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Say why";
      return { ok: false, message, id, reasonError: message };
    }
    const a = await s.reject(staff, id, parsed.data);
    return { ok: true, message: `${a.businessName} is rejected; the applicant is told why.`, id };
  } catch (e) {
    return { ...failure(e), id };
  }
}

function Application({
  a,
  busy,
  feedback,
}: {
  a: AdminVendorApplication;
  busy: boolean;
  feedback: Feedback | undefined;
}) {
  const mine = feedback?.id === a._id ? feedback : undefined;
  return (
    <li className="admin-queue__item" aria-label={a.businessName}>
      <div className="admin-queue__facts">
        <p>
          <strong>{a.businessName}</strong> · {a.city}{" "}
          <span className={`admin-status admin-status--${a.status}`}>{LABEL[a.status]}</span>
        </p>
        <p>
          {a.ownerName} · <a href={`tel:+92${a.phone.slice(1)}`}>{a.phone}</a> · {a.email}
        </p>
        <p className="muted">
          CNIC {a.cnic}
          {a.ntn ? ` · NTN ${a.ntn}` : ""} · {a.userId ? "signed-in applicant" : "no account yet"} ·
          sent {formatDate(a.createdAt)}
        </p>
        <p>Sells: {a.categories.join(", ")}</p>
        {a.description && <p className="muted">{a.description}</p>}
        {a.documents.length > 0 && (
          <p>
            Documents:{" "}
            {a.documents.map((d, n) => (
              <span key={d.url}>
                {n > 0 && " · "}
                <a href={d.url} target="_blank" rel="noopener">
                  {d.name}
                </a>{" "}
                <span className="muted">
                  ({d.type === "application/pdf" ? "PDF" : "picture"},{" "}
                  {Math.max(1, Math.round(d.size / 1024))} KB)
                </span>
              </span>
            ))}
          </p>
        )}
        {a.status === "rejected" && <p>Reason: {a.reason}</p>}
        {a.status === "approved" && a.storeId && (
          <p>
            <Link to={`/stores/${a.storeId}`}>Store page</Link>
            {a.decidedAt ? ` · approved ${formatDate(a.decidedAt)}` : ""}
          </p>
        )}
      </div>
      {a.status === "pending" && (
        <div className="admin-queue__actions">
          <Form method="post">
            <input type="hidden" name="id" value={a._id} />
            <button
              type="submit"
              name="intent"
              value="approve"
              className="button"
              disabled={busy}
              aria-label={`Approve ${a.businessName}`}
            >
              Approve
            </button>
          </Form>
          <Form method="post" className="admin-inline" noValidate>
            <input type="hidden" name="id" value={a._id} />
            <input
              name="reason"
              maxLength={300}
              aria-label={`Reason to reject ${a.businessName}`}
              aria-invalid={mine?.reasonError ? true : undefined}
              aria-describedby={`reason-${a._id}`}
              placeholder="Reason to reject"
            />
            <button
              type="submit"
              name="intent"
              value="reject"
              className="button button--small button--secondary"
              disabled={busy}
              aria-label={`Reject ${a.businessName}`}
            >
              Reject
            </button>
            <span className="field__error" id={`reason-${a._id}`} aria-live="polite">
              {mine?.reasonError}
            </span>
          </Form>
        </div>
      )}
    </li>
  );
}

export default function AdminVendorApplications() {
  const { list, status } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="va-title">
      <h1 id="va-title">Vendor applications</h1>
      <StatusTabs statuses={VENDOR_APPLICATION_STATUSES} current={status} label={LABEL} />
      <p className="muted">
        Oldest first. Check the CNIC and call the number before approving: approval makes the
        number's account a vendor's and opens the store page.
      </p>
      {!feedback?.reasonError && <AdminFeedback feedback={feedback} />}
      {list.applications.length === 0 ? (
        <p>No {LABEL[status as AdminVendorApplication["status"]]?.toLowerCase()} applications.</p>
      ) : (
        <ol className="admin-queue" aria-label="Applications">
          {list.applications.map((a) => (
            <Application key={a._id} a={a} busy={busy} feedback={feedback} />
          ))}
        </ol>
      )}
      <Pager
        total={list.total}
        page={list.page}
        pageSize={list.pageSize}
        query={{ status }}
        noun="applications"
      />
    </section>
  );
}
