import { data, Form, useActionData, useNavigation } from "react-router";
import { useFeedback } from "../../components/account/use-feedback";
import { failure, requireViewer } from "../../lib/account.server";
import { pageMeta } from "../../lib/seo";
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
  const f = await request.formData();
  const password = String(f.get("password") ?? "");
  if (password !== f.get("confirmPassword"))
    return { ok: false, message: "The password confirmation does not match" };
  try {
    const s = await services(context).auth.changePassword(viewer.id, {
      currentPassword: String(f.get("currentPassword") ?? ""),
      password,
    });
    return data(
      { ok: true, message: "Your password has been changed." },
      { headers: { "Set-Cookie": s.setCookie } },
    );
  } catch (e) {
    return failure(e);
  }
}

export default function ChangePasswordPage() {
  const result = useActionData<typeof action>();
  useFeedback(result ?? undefined);
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="cp-title">
      <h1 id="cp-title">Change password</h1>
      <Form method="post" className="form" key={result?.ok ? "done" : "form"}>
        <label className="field">
          Current password
          <input
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={128}
          />
        </label>
        <label className="field">
          New password
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
          />
        </label>
        <label className="field">
          Confirm new password
          <input
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
          />
        </label>
        <button className="button" type="submit" disabled={busy}>
          Change password
        </button>
      </Form>
    </section>
  );
}
