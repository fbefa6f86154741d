import { useEffect } from "react";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "react-router";
import { AddressForm } from "../../components/account/address-form";
import { useFeedback } from "../../components/account/use-feedback";
import { formObject, requireViewer } from "../../lib/account.server";
import { pageMeta } from "../../lib/seo";
import { type ActionFeedback, failure } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/address";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Addresses" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { addresses: await services(context).addresses.list(viewer.id) };
}

/** One action, switched on intent: add, change, make default, remove. */
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
    const body = { ...input, isDefault: input.isDefault === "on" };
    if (input.intent === "update") {
      await addresses.update(viewer.id, input.id ?? "", body);
      return { ok: true, message: "Address updated." };
    }
    await addresses.create(viewer.id, body);
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
  const [params, setParams] = useSearchParams();
  const editing = addresses.find((a) => a._id === params.get("edit"));
  // A saved change closes the editor (without script the form simply stays, showing the change).
  useEffect(() => {
    if (result?.ok && params.has("edit"))
      setParams({}, { replace: true, preventScrollReset: true });
  }, [result, params, setParams]);
  return (
    <section aria-labelledby="addr-title">
      <h1 id="addr-title">Addresses</h1>
      {addresses.length === 0 && <p>No saved addresses yet.</p>}
      <ul className="address-list">
        {addresses.map((a) =>
          a === editing ? (
            <li key={a._id} className="address-card" aria-labelledby="addr-edit-title">
              <h2 id="addr-edit-title">Edit address</h2>
              <AddressForm key={a._id} editing={a} busy={busy} cancelTo="/my/address" />
            </li>
          ) : (
            <li key={a._id} className="address-card">
              <strong>{a.fullName}</strong> {a.isDefault && <span className="badge">Default</span>}
              <div>
                {a.address}
                {a.landmark ? `, ${a.landmark}` : ""}, {a.city}, {a.province} {a.zip ?? ""}
              </div>
              <div>0{a.phone.slice(2)}</div>
              <Form method="post" className="inline-actions">
                <input type="hidden" name="id" value={a._id} />
                <Link
                  className="button button--ghost"
                  to={`?${new URLSearchParams({ edit: a._id })}`}
                  replace
                  preventScrollReset
                  aria-label={`Edit the address of ${a.fullName}: ${a.address}`}
                >
                  Edit
                </Link>
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
                <button
                  className="button button--ghost"
                  name="intent"
                  value="delete"
                  disabled={busy}
                >
                  Remove
                </button>
              </Form>
            </li>
          ),
        )}
      </ul>
      {/* One form at a time, so field labels and error ids stay unique on the page. */}
      {!editing && (
        <>
          <h2>Add an address</h2>
          <AddressForm key={result?.ok ? addresses.length : "form"} busy={busy} />
        </>
      )}
    </section>
  );
}
