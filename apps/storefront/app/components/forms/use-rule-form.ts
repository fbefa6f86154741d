import {
  createField,
  createValidator,
  type FieldSnapshot,
  type Mode,
  type RuleInput,
} from "@maidan/contracts/validation";
import { type FocusEvent, type FormEvent, useCallback, useMemo, useRef, useState } from "react";
import { useSubmit } from "react-router";

/**
 * The §5 rule set on a storefront form, beside the server's zod schemas: messages appear under
 * the fields as the shopper types (per mode), and a submit with errors never leaves the page.
 * Once every field passes, the form is sent through React Router's submit with the button that
 * was pressed, so its `intent` and the form's method and action are kept.
 */
export type RuleField = { rules: RuleInput; label: string; mode?: Mode; debounceMs?: number };

type Field = ReturnType<typeof createField>;
type Target = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const formValues = (form: HTMLFormElement | null) =>
  form ? (Object.fromEntries(new FormData(form)) as Record<string, unknown>) : {};

type Submit = (target: HTMLFormElement | HTMLButtonElement) => unknown;

/**
 * `options.submit`: how a valid form is sent; a fetcher's submit keeps the page where it is (the
 * login dialog). React Router's navigation submit by default.
 */
export function useRuleForm(schema: Record<string, RuleField>, options: { submit?: Submit } = {}) {
  // The schema is a constant of the page; building the validator checks every rule name once.
  const validator = useMemo(() => createValidator(schema), [schema]);
  const [state, setState] = useState<Record<string, FieldSnapshot>>({});
  const form = useRef<HTMLFormElement | null>(null);
  const fields = useRef(new Map<string, Field>());
  const navigate = useSubmit();
  const submit: Submit = options.submit ?? ((target) => navigate(target));

  const fieldFor = useCallback(
    (name: string): Field => {
      let field = fields.current.get(name);
      if (field) return field;
      const spec = schema[name];
      field = createField({
        mode: spec?.mode ?? "eager",
        debounceMs: spec?.debounceMs,
        check: async (value) => {
          const r = await validator.validateField(name, {
            ...formValues(form.current),
            [name]: value,
          });
          return { errors: r.errors, required: r.required };
        },
        onUpdate: (s) => setState((prev) => ({ ...prev, [name]: s })),
      });
      fields.current.set(name, field);
      return field;
    },
    [schema, validator],
  );

  const errorId = (name: string) => `${name}-error`;
  const error = (name: string) => state[name]?.errors[0];

  /** Props for an input, select or textarea of the schema. */
  function field(name: string) {
    const remember = (e: { currentTarget: Target }) => {
      form.current = e.currentTarget.form;
    };
    const message = error(name);
    return {
      name,
      "aria-invalid": message ? true : undefined,
      "aria-describedby": message ? errorId(name) : undefined,
      onInput: (e: FormEvent<Target>) => {
        remember(e);
        fieldFor(name).input(e.currentTarget.value);
      },
      // React has no native change event for text inputs; leaving the field is the "change".
      onBlur: (e: FocusEvent<Target>) => {
        remember(e);
        // Leaving the field by pressing submit: the submit validates everything anyway, and a
        // message appearing now would push the button away from under the finger mid-tap.
        const next = e.relatedTarget;
        if (
          next instanceof HTMLButtonElement &&
          next.type === "submit" &&
          next.form === e.currentTarget.form
        )
          return;
        fieldFor(name).change(e.currentTarget.value);
        fieldFor(name).blur();
      },
      onChange: (e: FormEvent<Target>) => {
        remember(e);
        if (e.currentTarget instanceof HTMLSelectElement)
          fieldFor(name).change(e.currentTarget.value);
      },
    };
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const target = e.currentTarget;
    form.current = target;
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const values = formValues(target);
    // A button marked formNoValidate (e.g. "Send a new code") skips the rules, as in HTML; the
    // server still checks what it needs.
    if (submitter?.formNoValidate) {
      void submit(submitter);
      return;
    }
    void Promise.all(Object.keys(schema).map((n) => fieldFor(n).submit(values[n] ?? ""))).then(
      (oks) => {
        const firstBad = Object.keys(schema).find((_, i) => !oks[i]);
        if (firstBad) {
          (target.elements.namedItem(firstBad) as HTMLElement | null)?.focus?.();
          return;
        }
        void submit(submitter ?? target);
      },
    );
  }

  return { field, error, errorId, onSubmit, flags: (name: string) => state[name]?.flags };
}
