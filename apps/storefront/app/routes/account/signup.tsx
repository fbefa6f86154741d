import { formError, signupForm } from "@maidan/contracts/account-forms";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
} from "react-router";
import { CampaignInput } from "../../components/account/campaign-input";
import { PhoneCodeForm } from "../../components/account/phone-code-form";
import { useFeedback } from "../../components/account/use-feedback";
import { signupRules } from "../../components/forms/account-rules";
import { FieldError } from "../../components/forms/field-error";
import { useRuleForm } from "../../components/forms/use-rule-form";
import {
  afterLogin,
  clientIp,
  formObject,
  guestIdOf,
  redirectWithCookie,
  requireViewer,
} from "../../lib/account.server";
import { phoneStep } from "../../lib/phone-step.server";
import { inviteCodeOf } from "../../lib/referral.server";
import { useRootData } from "../../lib/root-data";
import { pageMeta } from "../../lib/seo";
import { type ActionFeedback, failure } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Create an account" });

type SignupFeedback = ActionFeedback & {
  /** The number to confirm (pending on the new account), once the account exists. */
  confirmPhone?: string;
  /** Where the shopper goes when done. */
  next?: string;
};

/**
 * Sign-up (spec §7 POST /auth/signup). A mobile number given here is only claimed: the new
 * account is signed in, a code is texted to the number, and a second step takes the code
 * (decision 027). That step can be skipped; /my/account offers it again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const input = formObject(form);
  const { auth } = services(context);
  const next = afterLogin(request, form);
  const ip = clientIp(request);
  if (input.intent === "phone-code" || input.intent === "phone-confirm") {
    const viewer = requireViewer(context, request);
    const r = await phoneStep(input.intent, input, auth, viewer.id, ip);
    if (r.ok && input.intent === "phone-confirm") return redirect(next);
    return { ...r, confirmPhone: input.phone, next } satisfies SignupFeedback;
  }
  const invalid = formError(signupForm, input);
  if (invalid) return { ok: false, message: invalid, phone: input.phone } as SignupFeedback;
  try {
    const session = await auth.signup(
      {
        firstName: input.firstName ?? "",
        lastName: input.lastName,
        email: input.email ?? "",
        phone: input.phone,
        password: input.password ?? "",
        campaign: input.campaign,
        referral: inviteCodeOf(request),
      },
      guestIdOf(context),
    );
    const claimed = session.user.phonePending;
    if (!claimed) return redirectWithCookie(next, session.setCookie);
    const sent = await phoneStep("phone-code", { phone: claimed }, auth, session.user._id, ip);
    return data({ ...sent, confirmPhone: claimed, next } satisfies SignupFeedback, {
      headers: { "Set-Cookie": session.setCookie },
    });
  } catch (e) {
    return failure(e, input.phone) as SignupFeedback;
  }
}

export default function SignupPage() {
  const feedback = useActionData<typeof action>();
  // A wrong code in the second step is not a failed sign-up.
  useFeedback(feedback, feedback?.confirmPhone ? undefined : "signup_error");
  const busy = useNavigation().state !== "idle";
  const { settings } = useRootData();
  if (feedback?.confirmPhone)
    return (
      <section className="account-card" aria-labelledby="signup-title">
        <h1 id="signup-title">Confirm your mobile number</h1>
        <p>Your account is ready. Confirm the number to log in with it by SMS code too.</p>
        <PhoneCodeForm phone={feedback.confirmPhone} busy={busy} otpLength={settings.otpLength} />
        <Link to={feedback.next ?? "/my"}>Skip for now</Link>
      </section>
    );
  return <SignupForm busy={busy} />;
}

function SignupForm({ busy }: { busy: boolean }) {
  const [params] = useSearchParams();
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
