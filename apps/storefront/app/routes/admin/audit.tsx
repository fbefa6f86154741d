import type { AuditList } from "@maidan/contracts/admin-dashboard";
import { Form, Link, useLoaderData } from "react-router";
import { AdminAlert } from "../../components/admin/feedback";
import { Pager } from "../../components/admin/pager";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { filtersOf } from "../../lib/admin-query.server";
import { formatDate } from "../../lib/format";
import { classify, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import overviewCss from "../../styles/admin-overview.css?url";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => adminHead("Audit log");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: overviewCss }];

const FILTERS = ["record", "actor", "page"] as const;

/** /admin/audit: the changes staff made, by record and actor, newest first (decision 047). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const query = filtersOf(request, FILTERS);
  try {
    return { log: await services(context).adminOverview.audit(staff, query), query, error: null };
  } catch (e) {
    const f = classify(e);
    if (f.kind !== "refused" || f.status !== 400) throw pageError(e, request);
    const log: AuditList = { entries: [], total: 0, page: 1, pageSize: 50 };
    return { log, query, error: f.message };
  }
}

const changes = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  Object.keys({ ...before, ...after })
    .filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]))
    .map(
      (k) => `${k}: ${JSON.stringify(before?.[k] ?? null)} → ${JSON.stringify(after?.[k] ?? null)}`,
    );

/** A record's own page in the back-office, where there is one. */
const recordLink = (record: string) => {
  const [type, id] = record.split(":");
  return type === "order" ? `/admin/orders/${id}` : null;
};

export default function Audit() {
  const { log, query, error } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <Form method="get" className="admin-filters" aria-label="Filter the audit log">
        <label>
          Record
          <input name="record" defaultValue={query.record ?? ""} placeholder="order:<id>" />
        </label>
        <label>
          Actor (account id)
          <input name="actor" defaultValue={query.actor ?? ""} />
        </label>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <AdminAlert message={error} />
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Record</th>
              <th scope="col">Action</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {log.entries.map((e) => {
              const link = recordLink(e.record);
              return (
                <tr key={e._id}>
                  <td>{formatDate(e.at)}</td>
                  <td>
                    {e.actor._id ? (
                      <Link to={`?actor=${e.actor._id}`}>{e.actor.name}</Link>
                    ) : (
                      e.actor.name
                    )}
                    <div className="muted">{e.actor.role}</div>
                  </td>
                  <td>
                    <Link to={`?record=${encodeURIComponent(e.record)}`}>{e.record}</Link>
                    {link && (
                      <div>
                        <Link to={link}>Open</Link>
                      </div>
                    )}
                  </td>
                  <td>{e.action}</td>
                  <td>
                    <p className="admin-json">{changes(e.before, e.after).join("\n")}</p>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {log.entries.length === 0 && !error && <p>No changes match.</p>}
      <Pager {...log} query={query} noun="changes" />
    </section>
  );
}
