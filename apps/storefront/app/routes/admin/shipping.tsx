import type { AdminShippingMethod } from "@maidan/contracts/admin-shipping";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { WholeNumber } from "../../components/admin/form-fields";
import { requireStaff } from "../../lib/admin.server";
import { shippingTermsOf } from "../../lib/admin-form";
import { adminHead } from "../../lib/admin-head";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import marketingCss from "../../styles/admin-marketing.css?url";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = () => adminHead("Shipping by city");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: marketingCss }];

/** /admin/settings/shipping (decision 061, spec §3): the shipping table by city, admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return await services(context).adminShipping.list(staff);
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = await request.formData();
  const shipping = services(context).adminShipping;
  const id = String(form.get("id") ?? "");
  try {
    const m = id
      ? await shipping.update(staff, id, shippingTermsOf(form))
      : await shipping.create(staff, shippingTermsOf(form));
    return { ok: true, message: `${m.name} is saved: carts price with it from now.` };
  } catch (e) {
    return failure(e);
  }
}

/** One method's row as a form: new when `m` is absent. */
function MethodForm({ m, busy }: { m?: AdminShippingMethod; busy: boolean }) {
  return (
    <Form
      method="post"
      className="admin-action admin-form"
      aria-label={m ? `Shipping method ${m.name}` : "New shipping method"}
      key={JSON.stringify(m ?? {})}
    >
      <h2>{m ? m.name : "New method"}</h2>
      {m && <input type="hidden" name="id" value={m._id} />}
      <label className="field">
        <span>Name</span>
        <input name="name" required defaultValue={m?.name} maxLength={60} />
      </label>
      <label className="field">
        <span>Carrier</span>
        <input name="carrier" required defaultValue={m?.carrier} maxLength={60} />
      </label>
      <WholeNumber label="Charge (Rs.)" name="charge" min={0} required value={m?.charge} />
      <WholeNumber
        label="Free from (Rs., empty: never)"
        name="freeAbove"
        min={0}
        value={m?.freeAbove}
      />
      <WholeNumber
        label="Minimum order (Rs.)"
        name="minOrderValue"
        min={0}
        value={m?.minOrderValue ?? 0}
      />
      <label className="field field--wide">
        <span>Cities, comma-separated (empty: every city)</span>
        <input name="cities" defaultValue={m?.cities?.join(", ") ?? ""} />
      </label>
      <label className="field">
        <span>Delivery days (like 3-5)</span>
        <input name="etaDays" required defaultValue={m?.etaDays ?? "3-5"} maxLength={5} />
      </label>
      <WholeNumber label="Order in the list" name="sort" min={0} value={m?.sort ?? 0} />
      <label className="field field--check">
        <input type="checkbox" name="isDefault" defaultChecked={m?.isDefault ?? false} />{" "}
        <span>The default</span>
      </label>
      <label className="field field--check">
        <input type="checkbox" name="active" defaultChecked={m?.active ?? true} />{" "}
        <span>Switched on</span>
      </label>
      <button type="submit" className="button" disabled={busy}>
        {m ? "Save" : "Add the method"}
      </button>
    </Form>
  );
}

export default function AdminShipping() {
  const { methods } = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="shipping-title" className="admin-stack">
      <p>
        <Link to="/admin/settings">← Settings</Link>
      </p>
      <h1 id="shipping-title">Shipping by city</h1>
      <p className="muted">
        The cart offers each switched-on method that delivers to the shopper's city; the default is
        chosen until they pick another. Switch a method off rather than deleting it.
      </p>
      <AdminFeedback feedback={feedback} />
      {methods.map((m) => (
        <MethodForm key={m._id} m={m} busy={busy} />
      ))}
      <MethodForm key={methods.length} busy={busy} />
    </section>
  );
}
