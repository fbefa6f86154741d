import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { AdminFeedback } from "../../components/admin/feedback";
import { requireStaff } from "../../lib/admin.server";
import { checked } from "../../lib/admin-form";
import { adminHead } from "../../lib/admin-head";
import { failure, pageError } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import marketingCss from "../../styles/admin-marketing.css?url";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => adminHead("Settings");
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: marketingCss }];

/** /admin/settings (decision 061, spec §1 and §3): the shop's settings, admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  try {
    return await services(context).adminSettings.get(staff);
  } catch (e) {
    throw pageError(e, request);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  try {
    await services(context).adminSettings.save(staff, {
      title: text("title"),
      description: text("description"),
      primaryColor: text("primaryColor"),
      mainTheme: text("mainTheme"),
      currencySymbol: text("currencySymbol"),
      guestLogin: checked(form, "guestLogin"),
      demo: checked(form, "demo"),
      appPromotion: {
        active: checked(form, "appActive"),
        text: text("appText"),
        link: text("appLink"),
        android: text("appAndroid"),
        ios: text("appIos"),
      },
      analytics: {
        google_status: text("googleStatus"),
        gtm_id: text("gtmId"),
        ga4_id: text("ga4Id"),
        pixel_id: text("pixelId"),
      },
    });
    return { ok: true, message: "Settings saved: the shop shows them on its next page." };
  } catch (e) {
    return failure(e);
  }
}

function Field(p: { label: string; name: string; value: string; hint?: string; max?: number }) {
  return (
    <label className="field">
      <span>{p.label}</span>
      <input name={p.name} defaultValue={p.value} maxLength={p.max ?? 500} />
      {p.hint && <small className="muted">{p.hint}</small>}
    </label>
  );
}

function Toggle(p: { label: string; name: string; on: boolean }) {
  return (
    <label className="field field--check">
      <input type="checkbox" name={p.name} defaultChecked={p.on} /> <span>{p.label}</span>
    </label>
  );
}

export default function AdminSettings() {
  const s = useLoaderData<typeof loader>();
  const feedback = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <p>
        <Link to="/admin/settings/shipping">Shipping by city →</Link>
      </p>
      <AdminFeedback feedback={feedback} />
      {/* Keyed by what is stored: after a save the fields show it. */}
      <Form
        method="post"
        className="admin-action admin-form"
        aria-label="Settings"
        key={JSON.stringify(s)}
      >
        <h2>Look</h2>
        <Field
          label="Primary colour"
          name="primaryColor"
          value={s.primaryColor}
          hint="A hex colour, like #f46b22"
          max={7}
        />
        <label className="field">
          <span>Main theme</span>
          <select name="mainTheme" defaultValue={String(s.mainTheme)}>
            <option value="1">Theme 1</option>
            <option value="2">Theme 2 (rounded font)</option>
            <option value="3">Theme 3</option>
          </select>
        </label>
        <Field label="Site title" name="title" value={s.title} max={120} />
        <label className="field field--wide">
          <span>Site description</span>
          <textarea name="description" defaultValue={s.description} maxLength={300} rows={3} />
        </label>
        <Field label="Currency symbol" name="currencySymbol" value={s.currencySymbol} max={8} />
        <h2>Shopping</h2>
        <Toggle
          label="Guests may check out without an account"
          name="guestLogin"
          on={s.guestLogin}
        />
        <Toggle
          label="Demo mode (shoppers cannot change their profile or password)"
          name="demo"
          on={s.demo}
        />
        <h2>App banner</h2>
        <Toggle label="Show the app banner on phones" name="appActive" on={s.appPromotion.active} />
        <Field label="Banner text" name="appText" value={s.appPromotion.text} max={200} />
        <Field label="App link (https)" name="appLink" value={s.appPromotion.link} />
        <Field
          label="Android store link (https)"
          name="appAndroid"
          value={s.appPromotion.android}
        />
        <Field label="iOS store link (https)" name="appIos" value={s.appPromotion.ios} />
        <h2>Analytics</h2>
        <label className="field">
          <span>Google analytics</span>
          <select name="googleStatus" defaultValue={s.analytics.google_status}>
            <option value="disabled">Disabled</option>
            <option value="enabled">Enabled</option>
          </select>
        </label>
        <Field label="Tag Manager id" name="gtmId" value={s.analytics.gtm_id} hint="GTM-…" />
        <Field label="GA4 id" name="ga4Id" value={s.analytics.ga4_id} hint="G-…" />
        <Field label="Meta pixel id" name="pixelId" value={s.analytics.pixel_id} />
        <button type="submit" className="button" disabled={busy}>
          Save the settings
        </button>
      </Form>
    </section>
  );
}
