import {
  formError,
  otpLoginForm,
  otpSendForm,
  passwordLoginForm,
} from "@maidan/contracts/account-forms";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { PasswordLoginFields } from "../../components/account/password-login-fields";
import { PhoneLoginForm } from "../../components/account/phone-login-form";
import { useFeedback } from "../../components/account/use-feedback";
import { passwordLoginRules } from "../../components/forms/account-rules";
import { useRuleForm } from "../../components/forms/use-rule-form";
import {
  afterLogin,
  clientIp,
  formObject,
  guestIdOf,
  redirectWithCookie,
} from "../../lib/account.server";
import { inviteCodeOf } from "../../lib/referral.server";
import { useRootData } from "../../lib/root-data";
import { pageMeta } from "../../lib/seo";
import { type ActionFeedback, failure } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Log in" });

type LoginFeedback = ActionFeedback & { codeSentTo?: string };

/** E-mail/password and phone-code sign-in (spec §2 /account/login, §7 auth calls). */
export async function action({
  request,
  context,
}: Route.ActionArgs): Promise<LoginFeedback | Response> {
  const form = await request.formData();
  const input = formObject(form);
  const { auth } = services(context);
  const refused = (message: string): LoginFeedback => ({
    ok: false,
    message,
    phone: input.phone,
    codeSentTo: input.intent === "otp-login" ? input.phone : undefined,
  });
  const invalid = formError(
    input.intent === "otp-send"
      ? otpSendForm
      : input.intent === "otp-login"
        ? otpLoginForm
        : passwordLoginForm,
    input,
  );
  if (invalid) return refused(invalid);
  try {
    if (input.intent === "otp-send") {
      const r = await auth.otpGenerate({ phone: input.phone ?? "" }, clientIp(request));
      return { ok: true, message: r.message, codeSentTo: input.phone };
    }
    const session =
      input.intent === "otp-login"
        ? await auth.otpLogin(
            {
              phone: input.phone ?? "",
              otp: input.otp ?? "",
              campaign: input.campaign,
              referral: inviteCodeOf(request),
            },
            guestIdOf(context),
          )
        : await auth.passwordLogin(
            { email: input.email, password: input.password ?? "", campaign: input.campaign },
            clientIp(request),
            guestIdOf(context),
          );
    return redirectWithCookie(afterLogin(request, form), session.setCookie);
  } catch (e) {
    return refused(failure(e, input.phone).message);
  }
}

export default function LoginPage() {
  const data = useActionData<typeof action>();
  useFeedback(data, "login_error");
  const [params] = useSearchParams();
  const tab = params.get("tab") === "phone" ? "phone" : "email";
  const redirectTo = params.get("redirectTo") ?? "";
  const busy = useNavigation().state !== "idle";
  const { settings } = useRootData();
  const keep = (t: string) =>
    `?${new URLSearchParams({ ...(redirectTo ? { redirectTo } : {}), tab: t })}`;
  return (
    <section className="account-card" aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      <div className="tabs" role="tablist">
        <Link role="tab" aria-selected={tab === "email"} className="tab" to={keep("email")} replace>
          E-mail
        </Link>
        <Link role="tab" aria-selected={tab === "phone"} className="tab" to={keep("phone")} replace>
          Phone
        </Link>
      </div>
      {tab === "email" ? (
        <PasswordForm redirectTo={redirectTo} busy={busy} />
      ) : (
        <PhoneLoginForm
          redirectTo={redirectTo}
          busy={busy}
          sentTo={data?.codeSentTo}
          otpLength={settings.otpLength}
        />
      )}
      <a
        className="button button--facebook"
        href={`/api/auth/facebook?${new URLSearchParams({ redirectTo: redirectTo || "/my" })}`}
      >
        Continue with Facebook
      </a>
      <p>
        New to Maidan?{" "}
        <Link to={`/account/signup${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ""}`}>
          Create an account
        </Link>
      </p>
    </section>
  );
}

function PasswordForm({ redirectTo, busy }: { redirectTo: string; busy: boolean }) {
  const rules = useRuleForm(passwordLoginRules);
  return (
    <Form method="post" className="form" noValidate onSubmit={rules.onSubmit}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <PasswordLoginFields busy={busy} rules={rules} />
    </Form>
  );
}
