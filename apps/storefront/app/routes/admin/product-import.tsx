import { importMessages } from "@maidan/contracts/product-imports";
import { useEffect } from "react";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
} from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import overviewCss from "../../styles/admin-overview.css?url";
import type { Route } from "./+types/product-import";

export const meta: Route.MetaFunction = () => adminHead("Product import");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: overviewCss }];

/** /admin/products/import/{id} (decision 063): an import's check, then its progress. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return await services(context).productImports.get(staff, params.id);
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  try {
    const started = await services(context).productImports.start(staff, params.id);
    return {
      ok: true,
      message: `Importing ${started.products} ${started.products === 1 ? "product" : "products"}.`,
    };
  } catch (e) {
    return failure(e);
  }
}

const n = (x: number) => x.toLocaleString("en-US");
const products = (x: number) => `${n(x)} ${x === 1 ? "product" : "products"}`;

export default function ProductImport() {
  const im = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const moving = im.status === "queued" || im.status === "running";
  const revalidator = useRevalidator();
  // While it runs, the page follows its progress (without JavaScript: the Refresh link).
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [moving, revalidator]);
  const percent = im.products ? Math.round((im.done / im.products) * 100) : 0;
  return (
    <section aria-labelledby="import-title">
      <p>
        <Link to="/admin/products/import">← Imports</Link>
      </p>
      <h1 id="import-title">{im.fileName}</h1>
      <AdminFeedback feedback={feedback} />
      <dl className="admin-money">
        <dt>Rows</dt>
        <dd>{n(im.rows)}</dd>
        <dt>Products</dt>
        <dd>
          {n(im.products)} ({n(im.creates)} new, {n(im.updates)} updated)
        </dd>
        <dt>Errors</dt>
        <dd>{n(im.errorCount)}</dd>
      </dl>
      {im.status === "previewed" && im.errorCount === 0 && (
        <Form method="post" className="admin-action" aria-label="Start the import">
          <p>The file is ready. Nothing has been written yet.</p>
          <button type="submit" className="button" disabled={busy}>
            Import {products(im.products)}
          </button>
        </Form>
      )}
      {im.status === "failed" && (
        <Form method="post" className="admin-action" aria-label="Resume the import">
          <p role="alert" className="admin-alert">
            {importMessages.failed}
          </p>
          <button type="submit" className="button" disabled={busy}>
            Resume the import
          </button>
        </Form>
      )}
      {im.status === "previewed" && im.errorCount > 0 && (
        <p role="alert" className="admin-alert">
          Fix the rows below and upload the file again: nothing was imported.
        </p>
      )}
      {im.status !== "previewed" && (
        <div className="admin-progress">
          <label htmlFor="import-progress">
            {im.status === "done"
              ? `Done: ${products(im.done)} written.`
              : im.status === "failed"
                ? `Stopped after ${products(im.done)}.`
                : `Importing: ${n(im.done)} of ${products(im.products)} (${percent}%).`}
          </label>
          <progress id="import-progress" max={im.products || 1} value={im.done} />
          {moving && (
            <p className="muted">
              <Link to=".">Refresh</Link>
            </p>
          )}
        </div>
      )}
      {im.errors.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="muted">
              {im.errorCount > im.errors.length
                ? `The first ${n(im.errors.length)} of ${n(im.errorCount)} errors`
                : "Errors"}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Line
                </th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {im.errors.map((e) => (
                <tr key={`${e.line}-${e.column}-${e.message}`}>
                  <td className="num">{e.line}</td>
                  <td>{e.column ?? "—"}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
