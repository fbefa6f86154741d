import { clampOtpLength } from "@maidan/contracts/auth";
import { useMemo, useRef } from "react";
import { Form } from "react-router";
import { otpLoginRules } from "../forms/account-rules";
import { FieldError } from "../forms/field-error";
import { useRuleForm } from "../forms/use-rule-form";
import { OtpField } from "./otp-field";

/** `923001234567` as shoppers write it: `03001234567`. */
export const localPhone = (phone: string) => `0${phone.slice(2)}`;

/**
 * The code texted to a number waiting to be confirmed (`phone`, the account's pending number):
 * the one-time-code boxes, which submit by themselves once full, and a button for a new code.
 * The page's action handles the intents `phone-confirm` and `phone-code`.
 */
export function PhoneCodeForm({
  phone,
  busy,
  otpLength,
}: {
  phone: string;
  busy: boolean;
  otpLength: number;
}) {
  const length = clampOtpLength(otpLength);
  const schema = useMemo(() => otpLoginRules(length), [length]);
  const { error, errorId, onSubmit } = useRuleForm(schema);
  const form = useRef<HTMLFormElement>(null);
  return (
    <Form method="post" className="form phone-code" ref={form} noValidate onSubmit={onSubmit}>
      <input type="hidden" name="phone" value={phone} />
      <input type="hidden" name="intent" value="phone-confirm" />
      <p className="field__label" id="phone-code-label">
        Enter the {length}-digit code we sent to {localPhone(phone)}
      </p>
      <OtpField
        name="otp"
        length={length}
        type="tel"
        label={`Code sent to ${localPhone(phone)}`}
        errorId={error("otp") ? errorId("otp") : undefined}
        onComplete={() => form.current?.requestSubmit()}
      />
      <FieldError id={errorId("otp")} message={error("otp")} />
      <div className="inline-actions">
        <button className="button" type="submit" disabled={busy}>
          Confirm number
        </button>
        <button
          className="button button--ghost"
          type="submit"
          name="intent"
          value="phone-code"
          formNoValidate
          disabled={busy}
        >
          Send a new code
        </button>
      </div>
    </Form>
  );
}
