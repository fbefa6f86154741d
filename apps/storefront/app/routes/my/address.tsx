import { PAKISTAN_CITIES } from "@maidan/contracts/addresses";
import { useState } from "react";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { addressRules } from "../../components/forms/account-rules";
import { FieldError } from "../../components/forms/field-error";
import { useRuleForm } from "../../components/forms/use-rule-form";
import { type ActionFeedback, failure, formObject, requireViewer } from "../../lib/account.server";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/address";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Addresses" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { addresses: await services(context).addresses.list(viewer.id) };
}

/** One action, switched on intent: add, make default, remove. */
export async function action({ request, context }: Route.ActionArgs): Promise<ActionFeedback> {
  const viewer = requireViewer(context, request);
  const input = formObject(await request.formData());
  const { addresses } = services(context);
  try {
    if (input.intent === "delete") {
      await addresses.remove(viewer.id, input.id ?? "");
      return { ok: true, message: "Address removed." };
    }
    if (input.intent === "default") {
      await addresses.setDefault(viewer.id, input.id ?? "");
      return { ok: true, message: "Default address changed." };
    }
    await addresses.create(viewer.id, { ...input, isDefault: input.isDefault === "on" });
    return { ok: true, message: "Address saved." };
  } catch (e) {
    return failure(e);
  }
}

export default function AddressPage() {
  const { addresses } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useFeedback(result);
  const busy = useNavigation().state !== "idle";
  const [province, setProvince] = useState("Punjab");
  const { field, error, errorId, onSubmit } = useRuleForm(addressRules);
  // The §5 rule message under a field.
  const message = (name: string) => <FieldError id={errorId(name)} message={error(name)} />;
  return (
    <section aria-labelledby="addr-title">
      <h1 id="addr-title">Addresses</h1>
      {addresses.length === 0 && <p>No saved addresses yet.</p>}
      <ul className="address-list">
        {addresses.map((a) => (
          <li key={a._id} className="address-card">
            <strong>{a.fullName}</strong> {a.isDefault && <span className="badge">Default</span>}
            <div>
              {a.address}
              {a.landmark ? `, ${a.landmark}` : ""}, {a.city}, {a.province} {a.zip ?? ""}
            </div>
            <div>0{a.phone.slice(2)}</div>
            <Form method="post" className="inline-actions">
              <input type="hidden" name="id" value={a._id} />
              {!a.isDefault && (
                <button
                  className="button button--ghost"
                  name="intent"
                  value="default"
                  disabled={busy}
                >
                  Make default
                </button>
              )}
              <button className="button button--ghost" name="intent" value="delete" disabled={busy}>
                Remove
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <h2>Add an address</h2>
      <Form
        method="post"
        className="form"
        key={result?.ok ? addresses.length : "form"}
        noValidate
        onSubmit={onSubmit}
      >
        <label className="field">
          Full name
          <input {...field("fullName")} required maxLength={80} autoComplete="name" />
          {message("fullName")}
        </label>
        <label className="field">
          Mobile number
          <input {...field("phone")} type="tel" placeholder="03XXXXXXXXX" required maxLength={20} />
          {message("phone")}
        </label>
        <label className="field">
          Province
          <select name="province" value={province} onChange={(e) => setProvince(e.target.value)}>
            {Object.keys(PAKISTAN_CITIES).map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label className="field">
          City
          <select {...field("city")} required>
            {(PAKISTAN_CITIES[province] ?? []).map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
          {message("city")}
        </label>
        <label className="field">
          Address
          <input
            {...field("address")}
            required
            minLength={5}
            maxLength={200}
            autoComplete="street-address"
          />
          {message("address")}
        </label>
        <label className="field">
          Landmark (optional)
          <input {...field("landmark")} maxLength={100} />
          {message("landmark")}
        </label>
        <label className="field">
          Postal code (optional)
          <input {...field("zip")} inputMode="numeric" pattern="\d{5}" maxLength={5} />
          {message("zip")}
        </label>
        <label className="check">
          <input type="checkbox" name="isDefault" /> Make this my default address
        </label>
        <button className="button" type="submit" name="intent" value="create" disabled={busy}>
          Save address
        </button>
      </Form>
    </section>
  );
}
