import type { ReactNode } from "react";

/**
 * A labelled field of the vendor and call-back forms, with the server's message beside it
 * (tied by aria-describedby, marked invalid) and an optional hint. Its own message span, not
 * forms/field-error: a third importer split that component's chunk off the login dialog's and
 * cost every storefront page's first load (decision 044).
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
      <span className="field__error" id={`${id}-error`} aria-live="polite">
        {error}
      </span>
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
