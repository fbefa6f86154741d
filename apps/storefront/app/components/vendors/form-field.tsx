import type { ReactNode } from "react";
import { FieldError } from "../forms/field-error";

/**
 * A labelled field of the vendor and call-back forms, with the server's message beside it
 * (tied by aria-describedby, marked invalid) and an optional hint.
 */
export function FormField({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: (props: {
    name: string;
    id: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string;
  }) => ReactNode;
}) {
  const id = `f-${name}`;
  const described = hint ? `${id}-error ${id}-hint` : `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        name,
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described,
      })}
      {hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The mobile number, as both forms ask for it. */
export function MobileField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <FormField name="phone" label="Mobile number" error={error}>
      {(p) => (
        <input
          {...p}
          type="tel"
          required
          placeholder="03XXXXXXXXX"
          maxLength={20}
          autoComplete="tel"
          defaultValue={defaultValue}
        />
      )}
    </FormField>
  );
}
