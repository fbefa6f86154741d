import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { type ActionFeedback, failure } from "../../lib/account.server";
import { pageMeta } from "../../lib/seo";
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
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  if (password !== form.get("confirmPassword"))
    return { ok: false, message: "The password confirmation does not match" };
  try {
    await services(context).auth.resetPassword({ token: params.token, password });
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
  return (
    <section className="account-card" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      {valid ? (
        <Form method="post" className="form">
          <label className="field">
            New password
            <input
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
            />
          </label>
          <label className="field">
            Confirm new password
            <input
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
            />
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
