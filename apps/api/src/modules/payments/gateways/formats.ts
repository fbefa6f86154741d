/** Gateway amount and time formats. Amounts are whole rupees everywhere in the shop. */

/** Easypaisa hosted checkout: one decimal, "1033.0". */
export const oneDecimal = (rupees: number) => `${rupees}.0`;
/** Alfalah, Keenu, Easypaisa REST: two decimals, "3.00". */
export const twoDecimals = (rupees: number) => `${rupees}.00`;
/** NIFT ePay / JazzCash: paisa as an integer string. */
export const paisa = (rupees: number) => String(rupees * 100);

/** "1033.0", "3.00", "1033" → whole rupees, or null if it has paisa or is not a number. */
export function wholeRupees(text: string | null | undefined): number | null {
  if (text == null) return null;
  const m = /^\s*(\d+)(?:\.(\d+))?\s*$/.exec(text);
  if (!m) return null;
  if (m[2] && /[1-9]/.test(m[2])) return null;
  return Number(m[1]);
}

export const fromPaisa = (text: string | null | undefined) => {
  if (text == null || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n % 100 === 0 ? n / 100 : null;
};

/** Pakistan keeps UTC+5 all year (no daylight saving), which the gateways' clocks use. */
export function karachiParts(at: Date) {
  const d = new Date(at.getTime() + 5 * 3600_000);
  const p = (n: number) => String(n).padStart(2, "0");
  return {
    yyyy: String(d.getUTCFullYear()),
    MM: p(d.getUTCMonth() + 1),
    dd: p(d.getUTCDate()),
    HH: p(d.getUTCHours()),
    mm: p(d.getUTCMinutes()),
    ss: p(d.getUTCSeconds()),
  };
}

/** yyyyMMddHHmmss in Karachi time. */
export function compactStamp(at: Date) {
  const t = karachiParts(at);
  return `${t.yyyy}${t.MM}${t.dd}${t.HH}${t.mm}${t.ss}`;
}
