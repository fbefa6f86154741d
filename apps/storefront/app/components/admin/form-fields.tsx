import { toPakistanTime } from "../../lib/admin-form";

type Input = { label: string; name: string; value: number | string | null | undefined };

/** A whole-number field (rupees, a count); empty when the value is null. */
export function WholeNumber(p: Input & { min: number; required?: boolean }) {
  return (
    <label className="field">
      <span>{p.label}</span>
      <input
        name={p.name}
        type="number"
        min={p.min}
        required={p.required}
        inputMode="numeric"
        defaultValue={p.value ?? ""}
      />
    </label>
  );
}

/** A date and time typed in Pakistan time; empty when null. */
export function When(p: Input & { value: string | null | undefined }) {
  return (
    <label className="field">
      <span>{p.label}</span>
      <input name={p.name} type="datetime-local" defaultValue={toPakistanTime(p.value ?? null)} />
    </label>
  );
}
