import { messages, ValidatorError, validatorErrors } from "./messages.ts";
import { type ParsedRule, parseRules, type RuleInput } from "./parse.ts";
import { isEmpty, type RuleContext, type RuleDefinition } from "./rule-types.ts";
import { fileRules } from "./rules-file.ts";
import { formatRules } from "./rules-format.ts";
import { textRules } from "./rules-text.ts";

const registry = new Map<string, RuleDefinition>(
  Object.entries({ ...textRules, ...formatRules, ...fileRules }),
);

/** Adds or replaces a rule (e.g. a server-side uniqueness check). */
export function defineRule(name: string, rule: RuleDefinition) {
  registry.set(name, rule);
}

export const ruleNames = () => [...registry.keys()];

function ruleFor(name: string): RuleDefinition {
  const rule = registry.get(name);
  if (!rule) throw new ValidatorError(validatorErrors.noSuchValidator);
  return rule;
}

export type FieldResult = { valid: boolean; errors: string[]; failed: string[]; required: boolean };
export type ValueOptions = {
  /** The name shown in messages ("first name"); defaults to the field name. */
  label?: string;
  /** The other values of the form, for confirmed, required_if, after and before. */
  values?: Record<string, unknown>;
  /** Stop at the first failing rule (the default), or collect every message. */
  bails?: boolean;
};

/**
 * Checks one value against its rules. Empty values skip every rule except the ones that decide
 * whether the field is required, so "min:3" alone accepts an empty optional field.
 */
export async function validateValue(
  value: unknown,
  input: RuleInput,
  name: string,
  options: ValueOptions = {},
): Promise<FieldResult> {
  const rules = parseRules(input).map((r) => ({ ...r, def: ruleFor(r.name) }));
  const label = options.label ?? name;
  const ctx: RuleContext = {
    field: name,
    values: options.values ?? {},
    dateFormat: rules.find((r) => r.name === "date_format")?.params[0],
  };
  const result: FieldResult = { valid: true, errors: [], failed: [], required: false };
  const fail = (rule: ParsedRule & { def: RuleDefinition }) => {
    result.valid = false;
    result.failed.push(rule.name);
    result.errors.push((rule.def.message ?? messages.invalid)(label, rule.params));
  };

  for (const rule of rules.filter((r) => r.def.computesRequired)) {
    const ok = rule.def.validate(value, rule.params, ctx);
    // An empty value failing the rule is what "required" means for the field's flags.
    const emptyOk = rule.def.validate("", rule.params, ctx);
    if (ok instanceof Promise || emptyOk instanceof Promise) {
      throw new ValidatorError(validatorErrors.asyncRequire);
    }
    if (!emptyOk) result.required = true;
    if (!ok) {
      fail(rule);
      if (options.bails !== false) return result;
    }
  }
  if (isEmpty(value)) return result;

  for (const rule of rules.filter((r) => !r.def.computesRequired)) {
    if (!(await rule.def.validate(value, rule.params, ctx))) {
      fail(rule);
      if (options.bails !== false) return result;
    }
  }
  return result;
}

export type FormSchema = Record<string, { rules: RuleInput; label?: string }>;
export type FormResult = { valid: boolean; errors: Record<string, string[]> };

/** A validator for a set of named fields; every rule name is checked when it is built. */
export function createValidator(schema: FormSchema) {
  for (const field of Object.values(schema))
    for (const r of parseRules(field.rules)) ruleFor(r.name);

  async function validateField(name: string, values: Record<string, unknown>) {
    const field = schema[name];
    if (!field) throw new ValidatorError(validatorErrors.nonExistentField);
    return validateValue(values[name], field.rules, name, { label: field.label, values });
  }

  async function validateAll(values: Record<string, unknown>): Promise<FormResult> {
    const names = Object.keys(schema);
    const results = await Promise.all(names.map((n) => validateField(n, values)));
    const errors: Record<string, string[]> = {};
    results.forEach((r, i) => {
      if (!r.valid) errors[names[i] as string] = r.errors;
    });
    return { valid: results.every((r) => r.valid), errors };
  }

  return { schema, validateField, validateAll };
}
