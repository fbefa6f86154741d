import { freebieCampaignBody } from "@maidan/contracts/admin-freebies";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { FreebieFields } from "../../components/admin/freebie-fields";
import { requireStaff } from "../../lib/admin.server";
import { freebieTermsOf } from "../../lib/admin-form";
import { adminHead } from "../../lib/admin-head";
import { withPictures } from "../../lib/admin-pictures.server";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import marketingCss from "../../styles/admin-marketing.css?url";
import type { Route } from "./+types/freebie";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminHead(loaderData ? loaderData.title : "Freebie campaign");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: marketingCss }];

/** /admin/freebies/:id (decision 061): a campaign's terms and products to edit. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return await services(context).adminFreebies.get(staff, params.id);
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = await request.formData();
  try {
    const terms = { ...freebieTermsOf(form), active: form.get("active") === "on" };
    const c = await services(context).adminFreebies.update(
      staff,
      params.id,
      await withPictures(form, terms, freebieCampaignBody, (bytes) =>
        services(context).adminContent.uploadImage(staff, "freebies", bytes),
      ),
    );
    return { ok: true, message: `“${c.title}” is saved.` };
  } catch (e) {
    return failure(e);
  }
}

export default function AdminFreebie() {
  const c = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="freebie-title">
      <p>
        <Link to="/admin/freebies">← Freebie campaigns</Link>
      </p>
      <h1 id="freebie-title">{c.title}</h1>
      <p className="muted">
        <Link to={`/freebies/${c.slug}`}>/freebies/{c.slug}</Link>
      </p>
      <AdminFeedback feedback={feedback} />
      <Form
        method="post"
        className="admin-action admin-form"
        aria-label="Edit campaign"
        encType="multipart/form-data"
        key={JSON.stringify(c)}
      >
        <h2>Terms</h2>
        <FreebieFields campaign={c} />
        <label className="field field--check">
          <input type="checkbox" name="active" defaultChecked={c.active} /> <span>Switched on</span>
        </label>
        <button type="submit" className="button" disabled={busy}>
          Save
        </button>
      </Form>
    </section>
  );
}
