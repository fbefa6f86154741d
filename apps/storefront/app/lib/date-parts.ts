/**
 * Dates in forms in the Pakistani order, day / month / year (issue #18): a browser's date box
 * follows its own locale (month first in US English), so forms ask for the three parts
 * separately and the action joins them into the ISO date the API takes.
 */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "2000-12-31" → its parts as the selects' values ("31", "12", "2000"); blanks for none. */
export function splitDate(iso: string | null | undefined) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  return m
    ? { day: String(Number(m[3])), month: String(Number(m[2])), year: m[1] ?? "" }
    : { day: "", month: "", year: "" };
}

/**
 * The form's `{name}-day`, `{name}-month` and `{name}-year` as "YYYY-MM-DD"; null when all three
 * are blank. A half-filled date comes back as it is ("2000--") so the API's check refuses it.
 */
export function joinDate(get: (key: string) => string, name: string): string | null {
  const day = get(`${name}-day`).trim();
  const month = get(`${name}-month`).trim();
  const year = get(`${name}-year`).trim();
  if (!day && !month && !year) return null;
  const pad = (v: string) => (v && /^\d+$/.test(v) ? v.padStart(2, "0") : v);
  return `${year}-${pad(month)}-${pad(day)}`;
}
