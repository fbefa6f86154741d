import "../../styles/forms.css";

/** The first rule message of a field, under it, tied to the input by aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <span className="field__error" id={id} aria-live="polite">
      {message}
    </span>
  );
}
