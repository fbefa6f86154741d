import { storeDescriptionBody } from "@maidan/contracts/admin-content";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { requireStaff } from "../../lib/admin.server";
import { adminHead } from "../../lib/admin-head";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import contentCss from "../../styles/admin-content.css?url";
import type { Route } from "./+types/my-store";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: contentCss }];

export const meta: Route.MetaFunction = () => adminHead("My store");

/** /admin/my-store (decision 062): a vendor writes the description of their own store page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return await services(context).adminContent.myStores(staff);
  } catch (e) {
    throw pageError(e, request);
  }
}

type Feedback = { ok: boolean; message: string; id: string };

export async function action({ request, context }: Route.ActionArgs): Promise<Feedback> {
  const staff = requireStaff(context, request);
  const form = Object.fromEntries(await request.formData());
  const id = String(form.id ?? "");
  const parsed = storeDescriptionBody.safeParse(form);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? "Check the form", id };
  try {
    await services(context).adminContent.describeStore(staff, id, form);
    return { ok: true, message: "Your store page shows the new description.", id };
  } catch (e) {
    return { ...failure(e), id };
  }
}

export default function MyStore() {
  const { stores } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="my-store-title">
      <h1 id="my-store-title">My store</h1>
      {stores.length === 0 && <p>No store is in your name yet.</p>}
      {stores.map((s) => (
        <Form method="post" key={s._id} className="admin-record admin-record__form" noValidate>
          <h2>
            {s.name} <a href={`/stores/${s.slug}`}>See the store page</a>
          </h2>
          {feedback?.id === s._id && <AdminFeedback feedback={feedback} />}
          <input type="hidden" name="id" value={s._id} />
          <label className="field">
            <span>Description</span>
            <textarea name="description" rows={5} defaultValue={s.description ?? ""} />
          </label>
          <button type="submit" className="button" disabled={busy}>
            Save
          </button>
        </Form>
      ))}
    </section>
  );
}
