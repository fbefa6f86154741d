import {
  importMessages,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMPORT_MAX_MB,
} from "@maidan/contracts/product-imports";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { formatDate } from "../../lib/format";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import overviewCss from "../../styles/admin-overview.css?url";
import type { Route } from "./+types/product-imports";

export const meta: Route.MetaFunction = () => adminHead("Import products");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: overviewCss }];

/** /admin/products/import (decision 063): upload a CSV for its preview; recent imports. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return await services(context).productImports.list(staff);
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const file = (await request.formData()).get("file");
  if (!(file instanceof File) || file.size === 0)
    return { ok: false, message: "Choose a CSV file to upload." };
  if (file.size > PRODUCT_IMPORT_MAX_MB * 1024 * 1024)
    return { ok: false, message: importMessages.tooLarge };
  let preview: { _id: string };
  try {
    preview = await services(context).productImports.preview(staff, file.name, await file.text());
  } catch (e) {
    return failure(e);
  }
  return redirect(`/admin/products/import/${preview._id}`);
}

const STATUS: Record<string, string> = {
  previewed: "Checked, not started",
  queued: "Waiting to start",
  running: "Importing",
  done: "Done",
  failed: "Failed",
};

export default function ProductImports() {
  const { imports } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="imports-title">
      <h1 id="imports-title">Import products</h1>
      <p className="muted">
        One row per variant; the rows of one product share its slug. A slug that exists updates that
        product, a new one creates it. Nothing is written until you have seen the check and started
        the import. The stock column sets the stock of new variants only: existing ones keep theirs,
        so orders taken meanwhile are never overwritten (adjust stock on the product).
      </p>
      <p>
        <a href="/api/admin/products/export.csv" className="button button--secondary" download>
          Export products (CSV)
        </a>
      </p>
      <AdminFeedback feedback={feedback} />
      <Form
        method="post"
        encType="multipart/form-data"
        className="admin-action"
        aria-label="Upload a product CSV"
      >
        <h2>Upload a file</h2>
        <label className="field">
          <span>CSV file (at most {PRODUCT_IMPORT_MAX_MB} MB)</span>
          <input name="file" type="file" accept=".csv,text/csv" required />
        </label>
        <details>
          <summary>Columns</summary>
          <p className="muted">{PRODUCT_CSV_COLUMNS.join(", ")}</p>
        </details>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Checking…" : "Check the file"}
        </button>
      </Form>
      {imports.length === 0 ? (
        <p>No imports yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="muted">Recent imports</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Uploaded</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Products
                </th>
                <th scope="col" className="num">
                  Errors
                </th>
              </tr>
            </thead>
            <tbody>
              {imports.map((i) => (
                <tr key={i._id}>
                  <td>
                    <Link to={`/admin/products/import/${i._id}`}>{i.fileName}</Link>
                  </td>
                  <td>{formatDate(i.createdAt)}</td>
                  <td>{STATUS[i.status] ?? i.status}</td>
                  <td className="num">{i.products}</td>
                  <td className="num">{i.errorCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
