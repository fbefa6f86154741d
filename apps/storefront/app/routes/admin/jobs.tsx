import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import overviewCss from "../../styles/admin-overview.css?url";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = () => adminHead("Jobs");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: overviewCss }];

/** /admin/jobs: each queue's counts and the jobs out of retries, to send back (decision 047). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return await services(context).adminOverview.jobs(staff);
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const id = String((await request.formData()).get("id") ?? "");
  try {
    await services(context).adminOverview.retryJob(staff, id);
    return { ok: true, message: "The job is back in its queue." };
  } catch (e) {
    return failure(e);
  }
}

const when = (iso: string | null) => (iso ? formatDate(iso) : "–");

export default function Jobs() {
  const { jobs, queues } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="jobs-title">
      <h1 id="jobs-title">Jobs</h1>
      <AdminFeedback feedback={feedback} />
      <h2>Queues</h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Queue</th>
              <th scope="col" className="num">
                Pending
              </th>
              <th scope="col" className="num">
                Failed
              </th>
            </tr>
          </thead>
          <tbody>
            {queues.map((q) => (
              <tr key={q.queue}>
                <td>{q.queue}</td>
                <td className="num">{q.pending}</td>
                <td className="num">{q.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Failed jobs</h2>
      {jobs.length === 0 ? (
        <p>No job has run out of retries.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Queue</th>
                <th scope="col">Failed</th>
                <th scope="col">Error</th>
                <th scope="col">
                  <span className="visually-hidden">Retry</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((j) => (
                <tr key={j.id}>
                  <td>
                    {j.queue}
                    <div className="muted">
                      {j.retryCount} retries · created {when(j.createdOn)}
                    </div>
                  </td>
                  <td>{when(j.failedOn)}</td>
                  <td>{j.error}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="id" value={j.id} />
                      <button
                        type="submit"
                        className="button button--small"
                        disabled={busy}
                        aria-label={`Retry ${j.queue} job ${j.id}`}
                      >
                        Retry
                      </button>
                    </Form>
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
