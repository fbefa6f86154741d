import { messages } from "./messages.ts";
import { eachString, type RuleContext, type RuleDefinition } from "./rule-types.ts";
import { isCreditCard, isDate, isFQDN, isIP } from "./validator-lib.ts";
import { isShopEmail, isShopUrl } from "./web-inputs.ts";

/** E-mail, URL, network, card and date rules (spec §5). */

const ipVersion = (v: string | undefined) => (v === "4" || v === "6" ? v : undefined);

// Dates follow the field's own date_format rule when it has one, else ISO YYYY-MM-DD.
export const DEFAULT_DATE_FORMAT = "YYYY-MM-DD";

/** Reads a date written in `format` (tokens YYYY, YY, MM, DD, M, D; any delimiters). */
export function parseDate(text: string, format = DEFAULT_DATE_FORMAT): Date | null {
  if (!isDate(text, { format, strictMode: true, delimiters: ["/", "-", "."] })) return null;
  const parts = text.split(/[/.-]/);
  const tokens = format.split(/[/.-]/);
  let year = 0;
  let month = 1;
  let day = 1;
  tokens.forEach((token, i) => {
    const n = Number(parts[i]);
    if (/^y+$/i.test(token)) year = token.length === 2 ? 2000 + n : n;
    else if (/^m+$/i.test(token)) month = n;
    else if (/^d+$/i.test(token)) day = n;
  });
  return new Date(Date.UTC(year, month - 1, day));
}

/** A bound: another field's value when the name is a field of the form, else a literal date. */
function bound(param: string | undefined, ctx: RuleContext): Date | null {
  if (!param) return null;
  const text = param in ctx.values ? String(ctx.values[param] ?? "") : param;
  return parseDate(text, ctx.dateFormat);
}

function compareDate(v: unknown, ctx: RuleContext, test: (date: number) => boolean): boolean {
  if (typeof v !== "string") return false;
  const date = parseDate(v, ctx.dateFormat);
  return date !== null && test(date.getTime());
}

const inclusive = (flag: string | undefined) => flag === "true" || flag === "inclusive";

export const formatRules: Record<string, RuleDefinition> = {
  // email:multiple → a comma-separated list of addresses.
  email: {
    validate: (v, [option]) =>
      eachString(v, (s) =>
        option === "multiple"
          ? s.split(",").every((part) => isShopEmail(part.trim()))
          : isShopEmail(s.trim()),
      ),
    message: messages.email,
  },
  url: { validate: (v) => eachString(v, (s) => isShopUrl(s, { requireProtocol: false })) },
  ip: { validate: (v, [version]) => eachString(v, (s) => isIP(s, ipVersion(version))) },
  ip_or_fqdn: { validate: (v) => eachString(v, (s) => isIP(s) || isFQDN(s)) },
  credit_card: { validate: (v) => eachString(v, (s) => isCreditCard(s.replace(/[\s-]/g, ""))) },
  date_format: {
    validate: (v, [format]) => typeof v === "string" && parseDate(v, format) !== null,
  },
  // after:target[,inclusive], target = a field name or a date.
  after: {
    validate: (v, [target, incl], ctx) => {
      const min = bound(target, ctx)?.getTime();
      return (
        min !== undefined && compareDate(v, ctx, (d) => d > min || (inclusive(incl) && d === min))
      );
    },
  },
  before: {
    validate: (v, [target, incl], ctx) => {
      const max = bound(target, ctx)?.getTime();
      return (
        max !== undefined && compareDate(v, ctx, (d) => d < max || (inclusive(incl) && d === max))
      );
    },
  },
  // date_between:min,max[,inclusive]
  date_between: {
    validate: (v, [lo, hi, incl], ctx) => {
      const min = bound(lo, ctx)?.getTime();
      const max = bound(hi, ctx)?.getTime();
      if (min === undefined || max === undefined) return false;
      const i = inclusive(incl);
      return compareDate(v, ctx, (d) => (i ? d >= min && d <= max : d > min && d < max));
    },
  },
};
