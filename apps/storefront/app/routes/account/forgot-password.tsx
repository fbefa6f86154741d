import { forgotPasswordForm, formError } from "@maidan/contracts/account-forms";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { forgotPasswordRules } from "../../components/forms/account-rules";
import { FieldError } from "../../components/forms/field-error";
import { useRuleForm } from "../../components/forms/use-rule-form";
import { clientIp, formObject } from "../../lib/account.server";
import { pageMeta } from "../../lib/seo";
import { type ActionFeedback, failure } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Forgot password" });

export async function action({ request, context }: Route.ActionArgs): Promise<ActionFeedback> {
  const input = formObject(await request.formData());
  const invalid = formError(forgotPasswordForm, input);
  if (invalid) return { ok: false, message: invalid };
  try {
    const r = await services(context).auth.forgot({ email: input.email ?? "" }, clientIp(request));
    return { ok: true, message: r.message };
  } catch (e) {
    return failure(e);
  }
}

export default function ForgotPasswordPage() {
  const data = useActionData<typeof action>();
  useFeedback(data);
  const busy = useNavigation().state !== "idle";
  const { field, error, errorId, onSubmit } = useRuleForm(forgotPasswordRules);
  return (
    <section className="account-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      {data?.ok ? (
        <p role="status">{data.message}</p>
      ) : (
        <Form method="post" className="form" noValidate onSubmit={onSubmit}>
          <label className="field">
            E-mail
            <input {...field("email")} type="email" autoComplete="email" required maxLength={254} />
            <FieldError id={errorId("email")} message={error("email")} />
          </label>
          <button className="button" type="submit" disabled={busy}>
            Send reset link
          </button>
        </Form>
      )}
      <Link to="/account/login">Back to log in</Link>
    </section>
  );
}
