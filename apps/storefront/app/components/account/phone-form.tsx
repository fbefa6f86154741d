import type { PublicUser } from "@maidan/contracts/auth";
import { Form } from "react-router";
import { otpSendRules } from "../forms/account-rules";
import { FieldError } from "../forms/field-error";
import { useRuleForm } from "../forms/use-rule-form";
import { localPhone, PhoneCodeForm } from "./phone-code-form";

/**
 * The mobile number on /my/account. A new number is saved only with the code texted to it
 * (decision 027): enter the number, get the code, enter the code.
 */
export function PhoneForm({
  user,
  busy,
  otpLength,
}: {
  user: Pick<PublicUser, "phone" | "phonePending">;
  busy: boolean;
  otpLength: number;
}) {
  const { field, error, errorId, onSubmit } = useRuleForm(otpSendRules);
  return (
    <section className="phone-form" aria-labelledby="phone-title">
      <h2 id="phone-title">Mobile number</h2>
      <p>
        {user.phone ? (
          <>
            {localPhone(user.phone)} <span className="badge">Confirmed</span>
          </>
        ) : (
          "No confirmed number yet."
        )}
      </p>
      {user.phonePending ? (
        <PhoneCodeForm phone={user.phonePending} busy={busy} otpLength={otpLength} />
      ) : null}
      <Form method="post" className="form" noValidate onSubmit={onSubmit}>
        <label className="field">
          {user.phone || user.phonePending ? "Another mobile number" : "Mobile number"}
          <input
            {...field("phone")}
            // A fresh, empty field once a code went out.
            key={user.phonePending ?? ""}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="03XXXXXXXXX"
            required
            maxLength={20}
          />
          <FieldError id={errorId("phone")} message={error("phone")} />
        </label>
        <p className="hint">We text a code to the number; it is saved once you enter the code.</p>
        <button
          className="button button--ghost"
          type="submit"
          name="intent"
          value="phone-code"
          disabled={busy}
        >
          Send code
        </button>
      </Form>
    </section>
  );
}
