import { Link } from "react-router";
import { FieldError } from "../forms/field-error";
import type { useRuleForm } from "../forms/use-rule-form";
import { CampaignInput } from "./campaign-input";

export type RuleForm = ReturnType<typeof useRuleForm>;

/**
 * The e-mail/password sign-in fields, shared by /account/login and the login dialog. The parent
 * supplies the form (a page <Form> or a fetcher's) with `rules.onSubmit` of passwordLoginRules,
 * and the `redirectTo` hidden field.
 */
export function PasswordLoginFields({ busy, rules }: { busy: boolean; rules: RuleForm }) {
  const { field, error, errorId } = rules;
  return (
    <>
      <CampaignInput />
      <label className="field">
        E-mail or phone
        <input {...field("email")} type="text" autoComplete="username" required maxLength={254} />
        <FieldError id={errorId("email")} message={error("email")} />
      </label>
      <label className="field">
        Password
        <input
          {...field("password")}
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
        />
        <FieldError id={errorId("password")} message={error("password")} />
      </label>
      <button className="button" type="submit" name="intent" value="password" disabled={busy}>
        Log in
      </button>
      <Link to="/account/forgot-password">Forgot password?</Link>
    </>
  );
}
