import { clampOtpLength } from "@maidan/contracts/auth";
import { useMemo, useRef } from "react";
import { Form } from "react-router";
import { otpLoginRules, otpSendRules } from "../forms/account-rules";
import { FieldError } from "../forms/field-error";
import { useRuleForm } from "../forms/use-rule-form";
import { CampaignInput } from "./campaign-input";
import { OtpField } from "./otp-field";

/**
 * Phone sign-in on /account/login: the number, then (once a code was sent to `sentTo`) the
 * one-time-code boxes, one per digit of the `otp_length` setting kept between 4 and 8 as the
 * server makes codes. A full code submits the form by itself.
 */
export function PhoneLoginForm({
  redirectTo,
  busy,
  sentTo,
  otpLength,
}: {
  redirectTo: string;
  busy: boolean;
  sentTo?: string;
  otpLength: number;
}) {
  const length = clampOtpLength(otpLength);
  const schema = useMemo(() => (sentTo ? otpLoginRules(length) : otpSendRules), [sentTo, length]);
  const { field, error, errorId, onSubmit } = useRuleForm(schema);
  const form = useRef<HTMLFormElement>(null);
  return (
    <Form method="post" className="form" ref={form} noValidate onSubmit={onSubmit}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <CampaignInput />
      <label className="field">
        Mobile number
        <input
          {...field("phone")}
          type="tel"
          inputMode="tel"
          placeholder="03XXXXXXXXX"
          defaultValue={sentTo}
          required
          maxLength={20}
        />
        <FieldError id={errorId("phone")} message={error("phone")} />
      </label>
      {sentTo ? (
        <>
          <p className="field__label">Enter the {length}-digit code we sent by SMS</p>
          <OtpField
            name="otp"
            length={length}
            type="tel"
            errorId={error("otp") ? errorId("otp") : undefined}
            onComplete={() => form.current?.requestSubmit()}
          />
          <FieldError id={errorId("otp")} message={error("otp")} />
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
