import { AVATAR_RULES, avatarMessages } from "@maidan/contracts/auth";
import { describeFile, messages, validateValue } from "@maidan/contracts/validation";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { Form } from "react-router";
import { FieldError } from "../forms/field-error";

/** What the file input offers: §9's image extensions. */
const ACCEPT = ".jpg,.jpeg,.png,.gif,.svg,.bmp";

/** The §5 file rules on the chosen picture; the server checks them again and decodes it. */
async function checkPicture(file: File | undefined) {
  if (!file) return messages.required("avatar");
  const r = await validateValue(describeFile(file), AVATAR_RULES, "avatar");
  if (r.valid) return undefined;
  return r.failed.includes("size") ? avatarMessages.tooLarge : avatarMessages.notImage;
}

/** The profile picture on /my/account: shows the current one and uploads a new one. */
export function AvatarForm({ avatar, busy }: { avatar: string | null; busy: boolean }) {
  const [error, setError] = useState<string>();
  const onChange = async (e: ChangeEvent<HTMLInputElement>) =>
    setError(await checkPicture(e.currentTarget.files?.[0]));
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const input = e.currentTarget.elements.namedItem("avatar") as HTMLInputElement;
    const file = input.files?.[0];
    // Synchronous part first: an empty choice never leaves the page.
    if (!file || error) {
      e.preventDefault();
      setError(error ?? messages.required("avatar"));
    }
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="form avatar-form"
      onSubmit={onSubmit}
      noValidate
    >
      {avatar ? (
        <img className="avatar" src={avatar} alt="Your profile picture" width={96} height={96} />
      ) : (
        <span className="avatar avatar--empty" aria-hidden="true" />
      )}
      <label className="field">
        Profile picture
        <input
          name="avatar"
          type="file"
          accept={ACCEPT}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "avatar-error" : undefined}
        />
        <FieldError id="avatar-error" message={error} />
      </label>
      <button className="button button--ghost" type="submit" disabled={busy}>
        Upload picture
      </button>
    </Form>
  );
}
