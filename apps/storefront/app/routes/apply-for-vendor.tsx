import { PAKISTAN_CITIES } from "@maidan/contracts/addresses";
import {
  type VendorApplication,
  vendorApplicationForm,
  vendorDocumentMessages,
} from "@maidan/contracts/vendor-applications";
import {
  VENDOR_DOCUMENT_ACCEPT,
  VENDOR_DOCUMENT_MAX,
  VENDOR_DOCUMENT_MAX_MB,
} from "@maidan/contracts/vendor-labels";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { NEXT_STEPS, STATUS_LABEL } from "../components/vendors/application-words";
import { FormField, MobileField } from "../components/vendors/form-field";
import { guestIdContext, viewerContext } from "../context";
import { clientIp } from "../lib/account.server";
import { checkForm, type FormFeedback } from "../lib/form-fields.server";
import { formatDate } from "../lib/format";
import { pageMeta } from "../lib/seo";
import { failure } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import type { Route } from "./+types/apply-for-vendor";
import "../styles/vendors.css";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Sell on Maidan",
    description: "Apply to open your store on Maidan: tell us about your business.",
  });

/** The categories to choose from (the catalogue's top level) and a signed-in applicant's applications. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const s = services(context);
  const [tree, mine] = await Promise.all([
    s.catalog.categoryTree(),
    viewer ? s.vendorApplications.mine(viewer.id) : Promise.resolve([] as VendorApplication[]),
  ]);
  return {
    categories: tree.map((c) => c.name),
    mine,
    signedIn: viewer !== null,
    email: viewer?.email ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs): Promise<FormFeedback> {
  const form = await request.formData();
  const input = {
    ...Object.fromEntries(
      [...form.entries()].filter(([k, v]) => k !== "categories" && typeof v === "string"),
    ),
    categories: form.getAll("categories").map(String),
  };
  const files = form
    .getAll("documents")
    .filter((f): f is File => typeof f !== "string" && f.size > 0);
  const checked = checkForm(vendorApplicationForm, input);
  if ("feedback" in checked) {
    if (files.length > VENDOR_DOCUMENT_MAX)
      checked.feedback.fields = {
        ...checked.feedback.fields,
        documents: vendorDocumentMessages.tooMany,
      };
    return checked.feedback;
  }
  let id: string;
  try {
    const documents = await Promise.all(
      files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    const who = {
      userId: context.get(viewerContext)?.id ?? null,
      guestId: context.get(guestIdContext),
      ip: clientIp(request),
    };
    const application = await services(context).vendorApplications.apply(
      checked.data,
      who,
      documents,
    );
    id = application._id;
  } catch (e) {
    const f = failure(e);
    return Object.values(vendorDocumentMessages).includes(f.message)
      ? {
          ...f,
          message: "Please correct the fields marked below.",
          fields: { documents: f.message },
        }
      : f;
  }
  // The outcome is the server's, shown to this browser or account only (decision 058).
  throw redirect(`/success?kind=vendor-application&id=${id}`);
}

const CITIES = [...new Set(Object.values(PAKISTAN_CITIES).flat())].sort();

function MyApplications({ mine }: { mine: VendorApplication[] }) {
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby="mine-title" className="vendor-status">
      <h2 id="mine-title">Your applications</h2>
      <ul>
        {mine.map((a) => (
          <li key={a._id} className={`vendor-status__item vendor-status__item--${a.status}`}>
            <strong>{a.businessName}</strong>{" "}
            <span className={`status-pill status-pill--${a.status}`}>{STATUS_LABEL[a.status]}</span>
            <div className="muted">
              Sent {formatDate(a.createdAt)}
              {a.decidedAt ? ` · decided ${formatDate(a.decidedAt)}` : ""}
            </div>
            {a.status === "rejected" && a.reason && <p>Reason: {a.reason}</p>}
            {a.status === "approved" && a.storeId && (
              <p>
                <Link to={`/stores/${a.storeId}`}>Your store page</Link> ·{" "}
                <Link to="/admin">Your store's orders</Link>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function ApplyForVendor() {
  const { categories, mine, signedIn, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const err = (name: string) => result?.fields?.[name];
  const pending = mine.some((a) => a.status === "pending");
  return (
    <div className="vendor-page">
      <h1>Sell on Maidan</h1>
      <p className="vendor-page__lead">
        Reach shoppers across Pakistan. Tell us about your business and we will set up your store.
      </p>
      <MyApplications mine={mine} />
      <ol className="vendor-steps" aria-label="What happens after you apply">
        {NEXT_STEPS.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {pending && (
        <p className="vendor-note">
          Your application is waiting for review; a new one for the same number is not needed.
        </p>
      )}
      {!signedIn && (
        <p className="vendor-note">
          <Link to="/account/login?redirectTo=%2Fapply-for-vendor">Log in</Link> first to follow
          your application here; you can also apply without an account.
        </p>
      )}
      {result && !result.ok && (
        <p className="vendor-alert" role="alert">
          {result.message}
        </p>
      )}
      <Form method="post" encType="multipart/form-data" className="form vendor-form" noValidate>
        <fieldset>
          <legend>Your business</legend>
          <FormField name="businessName" label="Business name" error={err("businessName")}>
            {(p) => <input {...p} required maxLength={80} autoComplete="organization" />}
          </FormField>
          <FormField name="city" label="City" error={err("city")}>
            {(p) => (
              <>
                <input {...p} required maxLength={60} list="vendor-cities" />
                <datalist id="vendor-cities">
                  {CITIES.map((c) => (
                    <option key={c} value={c} />
                  ))}
                </datalist>
              </>
            )}
          </FormField>
          <fieldset
            className="vendor-categories"
            aria-invalid={err("categories") ? true : undefined}
            aria-describedby="f-categories-error"
          >
            <legend>Categories you sell</legend>
            <div className="vendor-categories__grid">
              {categories.map((c) => (
                <label key={c} className="check">
                  <input type="checkbox" name="categories" value={c} /> {c}
                </label>
              ))}
            </div>
            <span className="field__error" id="f-categories-error" aria-live="polite">
              {err("categories")}
            </span>
          </fieldset>
          <FormField
            name="description"
            label="About your business (optional)"
            error={err("description")}
          >
            {(p) => <textarea {...p} rows={3} maxLength={1000} />}
          </FormField>
        </fieldset>
        <fieldset>
          <legend>The owner</legend>
          <FormField name="ownerName" label="Owner's full name" error={err("ownerName")}>
            {(p) => <input {...p} required maxLength={80} autoComplete="name" />}
          </FormField>
          <FormField
            name="cnic"
            label="CNIC"
            hint="13 digits, as on the card: 35202-1234567-1"
            error={err("cnic")}
          >
            {(p) => <input {...p} required inputMode="numeric" maxLength={15} />}
          </FormField>
          <FormField
            name="ntn"
            label="NTN (optional)"
            hint="If your business is registered for tax: 1234567-8"
            error={err("ntn")}
          >
            {(p) => <input {...p} inputMode="numeric" maxLength={9} />}
          </FormField>
          <MobileField error={err("phone")} />
          <FormField name="email" label="E-mail" error={err("email")}>
            {(p) => (
              <input
                {...p}
                type="email"
                required
                maxLength={254}
                autoComplete="email"
                defaultValue={email}
              />
            )}
          </FormField>
        </fieldset>
        <fieldset>
          <legend>Documents (optional)</legend>
          <FormField
            name="documents"
            label="Your CNIC, NTN certificate or business papers"
            hint={`Up to ${VENDOR_DOCUMENT_MAX} files: PDF or JPG, PNG, WebP pictures, ${VENDOR_DOCUMENT_MAX_MB} MB each. Only our team sees them.`}
            error={err("documents")}
          >
            {(p) => <input {...p} type="file" multiple accept={VENDOR_DOCUMENT_ACCEPT} />}
          </FormField>
        </fieldset>
        <button type="submit" className="button vendor-form__submit" disabled={busy}>
          {busy ? "Sending…" : "Send application"}
        </button>
      </Form>
    </div>
  );
}
