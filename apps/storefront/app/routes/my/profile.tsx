import { PAKISTAN_CITIES } from "@maidan/contracts/addresses";
import { AVATAR_MAX_KB, avatarMessages, GENDERS } from "@maidan/contracts/auth";
import { messages } from "@maidan/contracts/validation";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { AvatarForm } from "../../components/account/avatar-form";
import { PhoneForm } from "../../components/account/phone-form";
import { useFeedback } from "../../components/account/use-feedback";
import { profileRules } from "../../components/forms/account-rules";
import { DateFields } from "../../components/forms/date-fields";
import { FieldError } from "../../components/forms/field-error";
import { useRuleForm } from "../../components/forms/use-rule-form";
import { clientIp, formObject, requireViewer } from "../../lib/account.server";
import { joinDate } from "../../lib/date-parts";
import { phoneStep } from "../../lib/phone-step.server";
import { useRootData } from "../../lib/root-data";
import { pageMeta } from "../../lib/seo";
import { type ActionFeedback, failure } from "../../lib/service-errors.server";
import { services } from "../../lib/services.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Account details" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { user: await services(context).auth.me(viewer.id) };
}

/**
 * PUT /users/profile's fields (spec §7); 'Profile updated.' on success (spec §8). The mobile
 * number has its own form: a code to the new number, then the code (decision 027).
 */
export async function action({ request, context }: Route.ActionArgs): Promise<ActionFeedback> {
  const viewer = requireViewer(context, request);
  const { auth } = services(context);
  if (request.headers.get("content-type")?.startsWith("multipart/form-data"))
    return uploadAvatar(request, auth, viewer.id);
  const f = await request.formData();
  // The last intent wins: "Send a new code" overrides the code form's own.
  const input = formObject(f);
  if (input.intent === "phone-code" || input.intent === "phone-confirm")
    return phoneStep(input.intent, input, auth, viewer.id, clientIp(request));
  const text = (k: string) => String(f.get(k) ?? "").trim();
  const orNull = (k: string) => text(k) || null;
  try {
    await auth.updateProfile(
      viewer.id,
      {
        firstName: text("firstName"),
        lastName: text("lastName"),
        state: orNull("state"),
        city: orNull("city"),
        zip: orNull("zip"),
        gender: orNull("gender"),
        dob: joinDate(text, "dob"),
        language: text("language") || "en",
      },
      clientIp(request),
    );
    return { ok: true, message: "Profile updated." };
  } catch (e) {
    return failure(e);
  }
}

const THIS_YEAR = new Date().getFullYear();

// The picture's limit plus room for the form's other parts; checked before the body is read.
const UPLOAD_LIMIT = AVATAR_MAX_KB * 1024 + 16 * 1024;

async function uploadAvatar(
  request: Request,
  auth: ReturnType<typeof services>["auth"],
  userId: string,
): Promise<ActionFeedback> {
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!(length <= UPLOAD_LIMIT)) return { ok: false, message: avatarMessages.tooLarge };
  try {
    const file = (await request.formData()).get("avatar");
    if (!(file instanceof File) || file.size === 0)
      return { ok: false, message: messages.required("avatar") };
    const bytes = new Uint8Array(await file.arrayBuffer());
    await auth.setAvatar(userId, { name: file.name, type: file.type, bytes });
    return { ok: true, message: "Profile updated." };
  } catch (e) {
    return failure(e);
  }
}

export default function ProfilePage() {
  const { user } = useLoaderData<typeof loader>();
  useFeedback(useActionData<typeof action>());
  const busy = useNavigation().state !== "idle";
  const { settings } = useRootData();
  const { field, error, errorId, onSubmit } = useRuleForm(profileRules);
  // The §5 rule message under a field.
  const message = (name: string) => <FieldError id={errorId(name)} message={error(name)} />;
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title">Account details</h1>
      <AvatarForm avatar={user.avatar} busy={busy} />
      <PhoneForm user={user} busy={busy} otpLength={settings.otpLength} />
      <h2>Your details</h2>
      <Form method="post" className="form" noValidate onSubmit={onSubmit}>
        <label className="field">
          First name
          <input {...field("firstName")} defaultValue={user.firstName} required maxLength={60} />
          {message("firstName")}
        </label>
        <label className="field">
          Last name
          <input {...field("lastName")} defaultValue={user.lastName} maxLength={60} />
          {message("lastName")}
        </label>
        <label className="field">
          Province
          <select name="state" defaultValue={user.state ?? ""}>
            <option value="">—</option>
            {Object.keys(PAKISTAN_CITIES).map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label className="field">
          City
          <input {...field("city")} defaultValue={user.city ?? ""} maxLength={60} />
          {message("city")}
        </label>
        <label className="field">
          Postal code
          <input
            {...field("zip")}
            inputMode="numeric"
            defaultValue={user.zip ?? ""}
            maxLength={5}
            pattern="\d{0,5}"
          />
          {message("zip")}
        </label>
        <label className="field">
          Gender
          <select name="gender" defaultValue={user.gender ?? ""}>
            <option value="">—</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {g[0]?.toUpperCase()}
                {g.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <DateFields
          name="dob"
          legend="Date of birth"
          defaultValue={user.dob}
          fromYear={THIS_YEAR - 100}
          toYear={THIS_YEAR}
          error={message("dob")}
        />
        <label className="field">
          Language
          <select name="language" defaultValue={user.language}>
            <option value="en">English</option>
            <option value="ur">Urdu</option>
          </select>
        </label>
        <button className="button" type="submit" disabled={busy}>
          Save
        </button>
      </Form>
    </section>
  );
}
