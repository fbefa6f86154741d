import { formError, signupForm } from "@maidan/contracts/account-forms";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { CampaignInput } from "../../components/account/campaign-input";
import { useFeedback } from "../../components/account/use-feedback";
import { signupRules } from "../../components/forms/account-rules";
import { FieldError } from "../../components/forms/field-error";
import { useRuleForm } from "../../components/forms/use-rule-form";
import {
  type ActionFeedback,
  afterLogin,
  failure,
  formObject,
  guestIdOf,
  redirectWithCookie,
} from "../../lib/account.server";
import { pageMeta } from "../../lib/seo";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Create an account" });

export async function action({
  request,
  context,
}: Route.ActionArgs): Promise<ActionFeedback | Response> {
  const form = await request.formData();
  const input = formObject(form);
  const invalid = formError(signupForm, input);
  if (invalid) return { ok: false, message: invalid, phone: input.phone };
  try {
    const session = await services(context).auth.signup(
      {
        firstName: input.firstName ?? "",
        lastName: input.lastName,
        email: input.email ?? "",
        phone: input.phone,
        password: input.password ?? "",
        campaign: input.campaign,
      },
      guestIdOf(context),
    );
    return redirectWithCookie(afterLogin(request, form), session.setCookie);
  } catch (e) {
    return failure(e, input.phone);
  }
}

export default function SignupPage() {
  const data = useActionData<typeof action>();
  useFeedback(data, "signup_error");
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const { field, error, errorId, onSubmit } = useRuleForm(signupRules);
  // The §5 rule message under a field.
  const message = (name: string) => <FieldError id={errorId(name)} message={error(name)} />;
  return (
    <section className="account-card" aria-labelledby="signup-title">
      <h1 id="signup-title">Create an account</h1>
      <Form method="post" className="form" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <CampaignInput />
        <label className="field">
          First name
          <input {...field("firstName")} autoComplete="given-name" required maxLength={60} />
          {message("firstName")}
        </label>
        <label className="field">
          Last name
          <input {...field("lastName")} autoComplete="family-name" maxLength={60} />
          {message("lastName")}
        </label>
        <label className="field">
          E-mail
          <input {...field("email")} type="email" autoComplete="email" required maxLength={254} />
          {message("email")}
        </label>
        <label className="field">
          Mobile number (optional)
          <input {...field("phone")} type="tel" placeholder="03XXXXXXXXX" maxLength={20} />
          {message("phone")}
        </label>
        <label className="field">
          Password
          <input
            {...field("password")}
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
          />
          {message("password")}
        </label>
        <label className="field">
          Confirm password
          <input
            {...field("confirmPassword")}
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
          />
          {message("confirmPassword")}
        </label>
        <button className="button" type="submit" disabled={busy}>
          Sign up
        </button>
      </Form>
      <p>
        Already have an account? <Link to="/account/login">Log in</Link>
      </p>
    </section>
  );
}
