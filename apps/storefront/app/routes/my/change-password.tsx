import { changePasswordForm, formError } from "@maidan/contracts/account-forms";
import { data, Form, useActionData, useNavigation } from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { changePasswordRules } from "../../components/forms/account-rules";
import { FieldError } from "../../components/forms/field-error";
import { useRuleForm } from "../../components/forms/use-rule-form";
import { formObject, requireViewer } from "../../lib/account.server";
import { pageMeta } from "../../lib/seo";
import { failure } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/change-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Change password" });

export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(context, request);
  return null;
}

/** Changes the password; other sessions end, this one gets a fresh cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request);
  const input = formObject(await request.formData());
  const invalid = formError(changePasswordForm, input);
  if (invalid) return { ok: false, message: invalid };
  try {
    const s = await services(context).auth.changePassword(viewer.id, {
      currentPassword: input.currentPassword,
      password: input.password,
    });
    return data(
      { ok: true, message: "Your password has been changed." },
      { headers: { "Set-Cookie": s.setCookie } },
    );
  } catch (e) {
    return failure(e);
  }
}

const fields = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "password", label: "New password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
] as const;

export default function ChangePasswordPage() {
  const result = useActionData<typeof action>();
  useFeedback(result ?? undefined);
  const busy = useNavigation().state !== "idle";
  const { field, error, errorId, onSubmit } = useRuleForm(changePasswordRules);
  return (
    <section aria-labelledby="cp-title">
      <h1 id="cp-title">Change password</h1>
      <Form
        method="post"
        className="form"
        noValidate
        onSubmit={onSubmit}
        key={result?.ok ? "done" : "form"}
      >
        {fields.map((f) => (
          <label className="field" key={f.name}>
            {f.label}
            <input
              {...field(f.name)}
              type="password"
              autoComplete={f.autoComplete}
              required
              maxLength={128}
            />
            <FieldError id={errorId(f.name)} message={error(f.name)} />
          </label>
        ))}
        <button className="button" type="submit" disabled={busy}>
          Change password
        </button>
      </Form>
    </section>
  );
}
