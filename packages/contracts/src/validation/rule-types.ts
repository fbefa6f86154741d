/** What a rule sees besides the value: the field's name and the other values of its form. */
export type RuleContext = {
  field: string;
  values: Readonly<Record<string, unknown>>;
  /** The field's date_format parameter, read by after, before and date_between. */
  dateFormat?: string;
};

export type RuleDefinition = {
  validate: (value: unknown, params: string[], ctx: RuleContext) => boolean | Promise<boolean>;
  /** The message when the rule fails; `field` is the field's display name. */
  message?: (field: string, params: string[]) => string;
  /**
   * Decides whether the field is required (required, required_if). Such rules also run on empty
   * values, which every other rule skips, and they must answer synchronously.
   */
  computesRequired?: boolean;
};

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Runs a string check on a value, or on every item of a list (multi-selects). */
export function eachString(value: unknown, check: (text: string) => boolean): boolean {
  if (Array.isArray(value)) return value.every((v) => eachString(v, check));
  if (typeof value !== "string" && typeof value !== "number") return false;
  return check(String(value));
}

export const toNumber = (value: unknown): number =>
  typeof value === "number"
    ? value
    : typeof value === "string" && value.trim() !== ""
      ? Number(value)
      : Number.NaN;
