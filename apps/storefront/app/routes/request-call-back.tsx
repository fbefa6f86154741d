import { callBackForm } from "@maidan/contracts/vendor-applications";
import {
  CALL_BACK_TIME_LABEL,
  CALL_BACK_TIMES,
  CALL_BACK_TOPIC_LABEL,
  CALL_BACK_TOPICS,
} from "@maidan/contracts/vendor-labels";
import { Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormField, MobileField } from "../components/vendors/form-field";
import { guestIdContext, viewerContext } from "../context";
import { clientIp } from "../lib/account.server";
import { checkForm, type FormFeedback } from "../lib/form-fields.server";
import { pageMeta } from "../lib/seo";
import { failure } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import type { Route } from "./+types/request-call-back";
import "../styles/vendors.css";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Request a call back",
    description: "Leave your number and our team calls you at the time you choose.",
  });

/** A signed-in shopper's name and number, to start the form with. */
export function loader({ context }: Route.LoaderArgs) {
  const v = context.get(viewerContext);
  return {
    name: v?.name ?? "",
    phone: v?.phone ? `0${v.phone.slice(2)}` : "",
  };
}

export async function action({ request, context }: Route.ActionArgs): Promise<FormFeedback> {
  const checked = checkForm(callBackForm, Object.fromEntries(await request.formData()));
  if ("feedback" in checked) return checked.feedback;
  let id: string;
  try {
    const r = await services(context).vendorApplications.requestCallBack(checked.data, {
      userId: context.get(viewerContext)?.id ?? null,
      guestId: context.get(guestIdContext),
      ip: clientIp(request),
    });
    id = r._id;
  } catch (e) {
    return failure(e);
  }
  // The confirmation is the server's, shown to this browser or account only (decision 058).
  throw redirect(`/success?kind=call-back&id=${id}`);
}

export default function RequestCallBack() {
  const prefill = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const err = (name: string) => result?.fields?.[name];
  return (
    <div className="vendor-page">
      <h1>Request a call back</h1>
      <p className="vendor-page__lead">
        Leave your number and what it is about; our team calls you at the time you choose, from 10
        am to 9 pm every day.
      </p>
      {result && !result.ok && (
        <p className="vendor-alert" role="alert">
          {result.message}
        </p>
      )}
      <Form method="post" className="form vendor-form" noValidate>
        <FormField name="name" label="Your name" error={err("name")}>
          {(p) => (
            <input {...p} required maxLength={80} autoComplete="name" defaultValue={prefill.name} />
          )}
        </FormField>
        <MobileField error={err("phone")} defaultValue={prefill.phone} />
        <FormField name="topic" label="What is it about?" error={err("topic")}>
          {(p) => (
            <select {...p} required defaultValue="">
              <option value="" disabled>
                Choose a topic
              </option>
              {CALL_BACK_TOPICS.map((t) => (
                <option key={t} value={t}>
                  {CALL_BACK_TOPIC_LABEL[t]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          name="orderNo"
          label="Order number (optional)"
          hint="If it is about an order: the number from your SMS or My orders"
          error={err("orderNo")}
        >
          {(p) => <input {...p} maxLength={40} />}
        </FormField>
        <fieldset
          className="vendor-times"
          aria-invalid={err("preferredTime") ? true : undefined}
          aria-describedby="f-preferredTime-error"
        >
          <legend>When should we call?</legend>
          {CALL_BACK_TIMES.map((t) => (
            <label key={t} className="check">
              <input type="radio" name="preferredTime" value={t} defaultChecked={t === "any"} />{" "}
              {CALL_BACK_TIME_LABEL[t]}
            </label>
          ))}
          <span className="field__error" id="f-preferredTime-error" aria-live="polite">
            {err("preferredTime")}
          </span>
        </fieldset>
        <FormField name="message" label="Anything we should know (optional)" error={err("message")}>
          {(p) => <textarea {...p} rows={3} maxLength={500} />}
        </FormField>
        <button type="submit" className="button vendor-form__submit" disabled={busy}>
          {busy ? "Sending…" : "Request a call back"}
        </button>
      </Form>
    </div>
  );
}
