import { useRef } from "react";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { CampaignInput } from "../../components/account/campaign-input";
import { OtpField } from "../../components/account/otp-field";
import { PasswordLoginFields } from "../../components/account/password-login-fields";
import { useFeedback } from "../../components/account/use-feedback";
import {
  type ActionFeedback,
  afterLogin,
  clientIp,
  failure,
  formObject,
  guestIdOf,
  redirectWithCookie,
} from "../../lib/account.server";
import { useRootData } from "../../lib/root-data";
import { pageMeta } from "../../lib/seo";
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
    return {
      ...failure(e, input.phone),
      codeSentTo: input.intent === "otp-login" ? input.phone : undefined,
    };
  }
}

export default function LoginPage() {
  const data = useActionData<typeof action>();
  useFeedback(data, "login_error");
  const [params] = useSearchParams();
  const tab = params.get("tab") === "phone" ? "phone" : "email";
  const redirectTo = params.get("redirectTo") ?? "";
  const busy = useNavigation().state !== "idle";
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
        <PhoneForm redirectTo={redirectTo} busy={busy} sentTo={data?.codeSentTo} />
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
  return (
    <Form method="post" className="form">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <PasswordLoginFields busy={busy} />
    </Form>
  );
}

function PhoneForm({
  redirectTo,
  busy,
  sentTo,
}: {
  redirectTo: string;
  busy: boolean;
  sentTo?: string;
}) {
  const { settings } = useRootData();
  const form = useRef<HTMLFormElement>(null);
  return (
    <Form method="post" className="form" ref={form}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <CampaignInput />
      <label className="field">
        Mobile number
        <input
          name="phone"
          type="tel"
          inputMode="tel"
          placeholder="03XXXXXXXXX"
          defaultValue={sentTo}
          required
          maxLength={20}
        />
      </label>
      {sentTo ? (
        <>
          <p className="field__label">Enter the {settings.otpLength}-digit code we sent by SMS</p>
          <OtpField
            name="otp"
            length={settings.otpLength}
            type="tel"
            onComplete={() => form.current?.requestSubmit()}
          />
          <input type="hidden" name="intent" value="otp-login" />
          <button className="button" type="submit" disabled={busy}>
            Log in
          </button>
          <button
            className="button button--ghost"
            type="submit"
            name="intent"
            value="otp-send"
            formNoValidate
            disabled={busy}
          >
            Send a new code
          </button>
        </>
      ) : (
        <button className="button" type="submit" name="intent" value="otp-send" disabled={busy}>
          Send code
        </button>
      )}
    </Form>
  );
}
