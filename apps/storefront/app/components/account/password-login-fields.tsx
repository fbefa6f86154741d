import { Link } from "react-router";
import { CampaignInput } from "./campaign-input";

/**
 * The e-mail/password sign-in fields, shared by /account/login and the login dialog. The parent
 * supplies the form (a page <Form> or a fetcher's) and the `redirectTo` hidden field.
 */
export function PasswordLoginFields({ busy }: { busy: boolean }) {
  return (
    <>
      <CampaignInput />
      <label className="field">
        E-mail or phone
        <input name="email" type="text" autoComplete="username" required maxLength={254} />
      </label>
      <label className="field">
        Password
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
        />
      </label>
      <button className="button" type="submit" name="intent" value="password" disabled={busy}>
        Log in
      </button>
      <Link to="/account/forgot-password">Forgot password?</Link>
    </>
  );
}
