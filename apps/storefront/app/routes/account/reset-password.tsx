import { formError, resetPasswordForm } from "@maidan/contracts/account-forms";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { resetPasswordRules } from "../../components/forms/account-rules";
import { FieldError } from "../../components/forms/field-error";
import { useRuleForm } from "../../components/forms/use-rule-form";
import { formObject } from "../../lib/account.server";
import { pageMeta } from "../../lib/seo";
import { type ActionFeedback, failure } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Reset password" });

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    await services(context).auth.checkResetToken(params.token);
    return { valid: true, message: "" };
  } catch (e) {
    return { valid: false, message: failure(e).message };
  }
}

export async function action({
  request,
  params,
  context,
}: Route.ActionArgs): Promise<ActionFeedback | Response> {
  const input = formObject(await request.formData());
  const invalid = formError(resetPasswordForm, input);
  if (invalid) return { ok: false, message: invalid };
  try {
    await services(context).auth.resetPassword({ token: params.token, password: input.password });
    return redirect("/account/login?reset=1");
  } catch (e) {
    return failure(e);
  }
}

export default function ResetPasswordPage() {
  const { valid, message } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  useFeedback(data);
  const busy = useNavigation().state !== "idle";
  const { field, error, errorId, onSubmit } = useRuleForm(resetPasswordRules);
  return (
    <section className="account-card" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      {valid ? (
        <Form method="post" className="form" noValidate onSubmit={onSubmit}>
          <label className="field">
            New password
            <input
              {...field("password")}
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
            />
            <FieldError id={errorId("password")} message={error("password")} />
          </label>
          <label className="field">
            Confirm new password
            <input
              {...field("confirmPassword")}
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
            />
            <FieldError id={errorId("confirmPassword")} message={error("confirmPassword")} />
          </label>
          <button className="button" type="submit" disabled={busy}>
            Save password
          </button>
        </Form>
      ) : (
        <p role="alert">{message}</p>
      )}
      <Link to="/account/forgot-password">Ask for a new link</Link>
    </section>
  );
}
