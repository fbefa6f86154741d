/**
 * When to validate a field, and its flags (spec §4 form field flags, §5 modes). Framework-free so
 * the storefront's hook stays thin and the timing rules are unit-tested here.
 *
 * - aggressive: on every input
 * - lazy: on change and blur
 * - passive: only on submit
 * - eager: lazy until the field is invalid, then aggressive until it is valid again
 */
export type Mode = "aggressive" | "eager" | "passive" | "lazy";
export type FieldEvent = "input" | "change" | "blur" | "submit";

export function shouldValidate(mode: Mode, event: FieldEvent, invalid: boolean): boolean {
  if (event === "submit") return true;
  if (mode === "passive") return false;
  if (mode === "aggressive") return event === "input" || event === "blur";
  if (mode === "eager" && invalid) return true;
  return event === "change" || event === "blur";
}

/** Before the first validation both `valid` and `invalid` are false. */
export type FieldFlags = {
  pristine: boolean;
  dirty: boolean;
  touched: boolean;
  untouched: boolean;
  valid: boolean;
  invalid: boolean;
  validated: boolean;
  pending: boolean;
  required: boolean;
  changed: boolean;
};

export type FieldSnapshot = { value: unknown; flags: FieldFlags; errors: string[] };

export type FieldCheck = (value: unknown) => Promise<{ errors: string[]; required: boolean }>;

export type FieldOptions = {
  mode?: Mode;
  /** Waits this long after the last event before validating (input-heavy modes). */
  debounceMs?: number;
  initial?: unknown;
  required?: boolean;
  check: FieldCheck;
  onUpdate?: (snapshot: FieldSnapshot) => void;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? "") === JSON.stringify(b ?? "");

export function createField(options: FieldOptions) {
  const mode = options.mode ?? "aggressive";
  let value = options.initial;
  let errors: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let run = 0;
  const flags: FieldFlags = {
    pristine: true,
    dirty: false,
    touched: false,
    untouched: true,
    valid: false,
    invalid: false,
    validated: false,
    pending: false,
    required: options.required ?? false,
    changed: false,
  };
  const snapshot = (): FieldSnapshot => ({ value, flags: { ...flags }, errors: [...errors] });
  const publish = () => options.onUpdate?.(snapshot());

  async function validateNow(): Promise<boolean> {
    const mine = ++run;
    flags.pending = true;
    publish();
    const result = await options.check(value);
    // A newer value is being checked: this answer is stale.
    if (mine !== run) return result.errors.length === 0;
    errors = result.errors;
    Object.assign(flags, {
      pending: false,
      validated: true,
      valid: errors.length === 0,
      invalid: errors.length > 0,
      required: result.required,
    });
    publish();
    return flags.valid;
  }

  function schedule() {
    clearTimeout(timer);
    if (!options.debounceMs) return void validateNow();
    timer = setTimeout(() => void validateNow(), options.debounceMs);
  }

  function handle(event: Exclude<FieldEvent, "submit">, next?: unknown) {
    if (event !== "blur") {
      value = next;
      flags.dirty = true;
      flags.pristine = false;
      flags.changed = !same(value, options.initial);
    } else {
      flags.touched = true;
      flags.untouched = false;
    }
    if (shouldValidate(mode, event, flags.invalid)) schedule();
    else publish();
  }

  return {
    input: (next: unknown) => handle("input", next),
    change: (next: unknown) => handle("change", next),
    blur: () => handle("blur"),
    /** Validates at once (no debounce), with the value the form holds now. */
    submit: (current?: unknown) => {
      clearTimeout(timer);
      if (current !== undefined) value = current;
      return validateNow();
    },
    snapshot,
  };
}
