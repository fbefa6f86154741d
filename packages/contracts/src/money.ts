/**
 * Money as shoppers read it (spec §9 currency filter): the configured symbol, no decimals,
 * western grouping, `Rs. 12,499`. The one formatter of the shop: API messages, e-mails, SMS and
 * pages all print amounts with it, on the server and in the browser alike (the locale is pinned,
 * so hydration never mismatches).
 */
const wholeNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** `Rs. 12,499`; '' when there is no number to show. */
export function rupees(value: number | string | null | undefined, symbol = "Rs."): string {
  if (value === null || value === undefined || value === "") return "";
  const amount = Number(value);
  if (!Number.isFinite(amount)) return "";
  const digits = wholeNumber.format(Math.abs(amount));
  // A value that rounds to zero must not print as "-Rs. 0".
  const sign = amount < 0 && digits !== "0" ? "-" : "";
  return `${sign}${symbol} ${digits}`;
}
