import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import "../../styles/login-dialog.css";
import { passwordLoginRules } from "../forms/account-rules";
import { useRuleForm } from "../forms/use-rule-form";
import { loginDialog, useLoginDialog } from "./login-dialog-store";
import { PasswordLoginFields } from "./password-login-fields";
import { useFeedback } from "./use-feedback";

/**
 * The login dialog (spec §3): a native modal <dialog>, so the browser traps focus, makes the page
 * behind inert and closes it on Escape. It posts the shared login fields to /account/login's
 * action through a fetcher, so a failure stays in the dialog and a success follows the action's
 * redirect to `redirectTo` (the current page when none was given).
 */
export function LoginDialog() {
  const state = useLoginDialog();
  const ref = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (state.accountShow && !dialog.open) {
      dialog.showModal();
      // The browser would focus the close button first; the shopper came to type.
      dialog.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus();
    }
    if (!state.accountShow && dialog.open) dialog.close();
  }, [state.accountShow]);

  // Any navigation (a successful login included) ends the dialog. The dialog mounts on its first
  // opening (LoginDialogHost), so the location it mounted at does not count.
  const mountedAt = useRef(location.key);
  useEffect(() => {
    if (location.key === mountedAt.current) return;
    mountedAt.current = location.key;
    loginDialog.close();
  }, [location.key]);

  const here = `${location.pathname}${location.search}`;
  return (
    <dialog
      ref={ref}
      className="login-dialog"
      aria-labelledby="login-dialog-title"
      onClose={() => loginDialog.close()}
    >
      <div className="login-dialog__head">
        <h2 id="login-dialog-title">{state.title || "Log in"}</h2>
        <button
          type="button"
          className="link-button login-dialog__close"
          aria-label="Close"
          onClick={() => loginDialog.close()}
        >
          ×
        </button>
      </div>
      {state.fromReview && (
        <p className="muted">Log in with the account you ordered with to review your purchase.</p>
      )}
      {state.accountShow && <DialogForm redirectTo={state.redirectTo ?? here} />}
    </dialog>
  );
}

function DialogForm({ redirectTo }: { redirectTo: string }) {
  const fetcher = useFetcher();
  useFeedback(fetcher.data, "login_error");
  // The §5 rules in the dialog too; a valid form goes through the fetcher, so it stays open.
  const rules = useRuleForm(passwordLoginRules, { submit: fetcher.submit });
  return (
    <fetcher.Form
      method="post"
      action="/account/login"
      className="form"
      noValidate
      onSubmit={rules.onSubmit}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <PasswordLoginFields busy={fetcher.state !== "idle"} rules={rules} />
    </fetcher.Form>
  );
}
