import { messages } from "./messages.ts";
import { eachString, isEmpty, type RuleDefinition, toNumber } from "./rule-types.ts";
import { isAlpha, isAlphanumeric, isDecimal, isInt, isLength, isNumeric } from "./validator-lib.ts";

/** Required, cross-field, length, number and character-class rules (spec §5). */

const int = (s: string | undefined) => Number.parseInt(s ?? "", 10);
const asList = (value: unknown) => (Array.isArray(value) ? value : [value]).map(String);

export const textRules: Record<string, RuleDefinition> = {
  required: { computesRequired: true, validate: (v) => !isEmpty(v), message: messages.required },
  // required_if:other,value1,value2 → required while the other field holds one of the values.
  required_if: {
    computesRequired: true,
    validate: (v, [target = "", ...when], { values }) => {
      const other = values[target];
      const applies = when.length === 0 ? !isEmpty(other) : when.includes(String(other ?? ""));
      return !applies || !isEmpty(v);
    },
    message: messages.required,
  },
  // Put on the confirming field: confirmed:password.
  confirmed: {
    validate: (v, [target = ""], { values }) => String(v) === String(values[target] ?? ""),
    message: messages.confirmed,
  },
  is: { validate: (v, [other = ""]) => String(v) === other },
  is_not: { validate: (v, [other = ""]) => String(v) !== other },
  included: { validate: (v, list) => asList(v).every((item) => list.includes(item)) },
  excluded: { validate: (v, list) => asList(v).every((item) => !list.includes(item)) },
  regex: {
    validate: (v, [source = "", flags = ""]) =>
      eachString(v, (s) => new RegExp(source, flags.replace(/[gy]/g, "")).test(s)),
  },
  min: {
    validate: (v, [n]) => eachString(v, (s) => isLength(s, { min: int(n) })),
    message: (field, [n = ""]) => messages.min(field, n),
  },
  max: {
    validate: (v, [n]) => eachString(v, (s) => isLength(s, { max: int(n) })),
    message: (field, [n = ""]) => messages.max(field, n),
  },
  // length:n (exactly n characters) or length:min,max.
  length: {
    validate: (v, [a, b]) =>
      eachString(v, (s) => isLength(s, { min: int(a), max: b === undefined ? int(a) : int(b) })),
  },
  min_value: { validate: (v, [n]) => toNumber(v) >= Number(n) },
  max_value: { validate: (v, [n]) => toNumber(v) <= Number(n) },
  between: {
    validate: (v, [lo, hi]) => toNumber(v) >= Number(lo) && toNumber(v) <= Number(hi),
  },
  // digits:n → exactly n digits.
  digits: {
    validate: (v, [n]) =>
      eachString(v, (s) => isNumeric(s, { no_symbols: true }) && s.length === int(n)),
  },
  numeric: { validate: (v) => eachString(v, (s) => isNumeric(s, { no_symbols: true })) },
  integer: { validate: (v) => eachString(v, (s) => isInt(s)) },
  // decimal:places (omitted = any number of places).
  decimal: {
    validate: (v, [places]) =>
      eachString(v, (s) =>
        isDecimal(s, {
          decimal_digits: places === undefined || places === "*" ? "0," : `0,${places}`,
        }),
      ),
  },
  alpha: { validate: (v) => eachString(v, (s) => isAlpha(s)) },
  alpha_num: { validate: (v) => eachString(v, (s) => isAlphanumeric(s)) },
  alpha_dash: {
    validate: (v) => eachString(v, (s) => isAlphanumeric(s, "en-US", { ignore: "-_" })),
  },
  alpha_spaces: { validate: (v) => eachString(v, (s) => isAlpha(s, "en-US", { ignore: " " })) },
};
