import { freebieCampaignBody } from "@maidan/contracts/admin-freebies";
import { rupees } from "@maidan/contracts/money";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { FreebieFields } from "../../components/admin/freebie-fields";
import { datesText, MarketingTable } from "../../components/admin/marketing-table";
import { requireStaff } from "../../lib/admin.server";
import { freebieTermsOf } from "../../lib/admin-form";
import { adminHead } from "../../lib/admin-head";
import { withPictures } from "../../lib/admin-pictures.server";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import marketingCss from "../../styles/admin-marketing.css?url";
import type { Route } from "./+types/freebies";

export const meta: Route.MetaFunction = () => adminHead("Freebie campaigns");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: marketingCss }];

/** /admin/freebies (decision 061): the campaigns, a form for a new one, and switching one off. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return await services(context).adminFreebies.list(staff);
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = await request.formData();
  const campaigns = services(context).adminFreebies;
  try {
    if (form.get("intent") === "switch-off") {
      const c = await campaigns.switchOff(staff, String(form.get("id") ?? ""));
      return { ok: true, message: `“${c.title}” is off: no new claims.` };
    }
    const terms = await withPictures(form, freebieTermsOf(form), freebieCampaignBody, (bytes) =>
      services(context).adminContent.uploadImage(staff, "freebies", bytes),
    );
    const c = await campaigns.create(staff, terms);
    return { ok: true, message: `“${c.title}” is made: /freebies/${c.slug}.` };
  } catch (e) {
    return failure(e);
  }
}

const STATUS = { live: "Live", scheduled: "Scheduled", off: "Off" };

export default function AdminFreebies() {
  const { campaigns } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="freebies-title">
      <h1 id="freebies-title">Freebie campaigns</h1>
      <p className="muted">
        Shoppers whose order meets the terms claim one of the products for free; its unit is taken
        from stock when claimed and rides with their next order.
      </p>
      <AdminFeedback feedback={feedback} />
      <Form
        method="post"
        className="admin-action admin-form"
        aria-label="New campaign"
        encType="multipart/form-data"
        key={campaigns.length}
      >
        <h2>New campaign</h2>
        <FreebieFields />
        <button type="submit" className="button" disabled={busy}>
          Make the campaign
        </button>
      </Form>
      <MarketingTable
        count={campaigns.length}
        empty="No campaigns yet."
        head={
          <>
            <th scope="col">Campaign</th>
            <th scope="col">Terms</th>
            <th scope="col">Dates</th>
            <th scope="col">Status</th>
          </>
        }
      >
        {campaigns.map((c) => (
          <tr key={c._id}>
            <td>
              <Link to={`/admin/freebies/${c._id}`}>{c.title}</Link>
              <div className="muted">
                <Link to={`/freebies/${c.slug}`}>/freebies/{c.slug}</Link> · {c.products.join(", ")}
              </div>
            </td>
            <td>
              {c.pickCount} of {c.productCount}
              {c.minOrderValue > 0 ? ` from ${rupees(c.minOrderValue)}` : ", any order"}
              {c.firstOrderOnly ? ", first order only" : ""}
            </td>
            <td>{datesText(c.startsAt, c.endsAt)}</td>
            <td>
              {STATUS[c.status]}
              {c.active && (
                <Form method="post">
                  <input type="hidden" name="id" value={c._id} />
                  <button
                    type="submit"
                    name="intent"
                    value="switch-off"
                    className="button button--small button--secondary"
                    disabled={busy}
                    aria-label={`Switch off ${c.title}`}
                  >
                    Switch off
                  </button>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </MarketingTable>
    </section>
  );
}
