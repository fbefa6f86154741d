/**
 * Display formatting shared by server rendering and the browser. Every formatter pins its locale
 * (and time zone) so both sides print the same text and hydration never mismatches.
 */

// Marked pure, so a chunk that does not use a formatter does not build it (first-load bytes).
const dateTime = /* @__PURE__ */ new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Karachi",
});

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `Nov 22, 2026, 3:05 PM` in Pakistan time; '' for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  // Newer ICU data puts a narrow no-break space before AM/PM; older data (and some browsers) a
  // plain space. Normalising keeps server and client output identical.
  return dateTime.format(date).replace(/[\u202f\u00a0]/g, " ");
}

const timeOfDay = /* @__PURE__ */ new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Karachi",
});

/** `3:05 PM` in Pakistan time; '' for a missing or invalid date. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? timeOfDay.format(date).replace(/[\u202f\u00a0]/g, " ") : "";
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/**
 * `5 minutes ago`, `1 hour ago`, `3 days ago`. Under a minute either way reads "just now" (covers
 * clock skew between server and browser); later dates read "in 2 hours".
 */
export function ago(value: DateInput, now: DateInput = new Date()): string {
  const date = toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return "";
  const diffMs = reference.getTime() - date.getTime();
  const minutes = Math.floor(Math.abs(diffMs) / 60_000);
  if (minutes < 1) return "just now";
  const span =
    minutes < 60
      ? plural(minutes, "minute")
      : minutes < 60 * 24
        ? plural(Math.floor(minutes / 60), "hour")
        : plural(Math.floor(minutes / (60 * 24)), "day");
  return diffMs >= 0 ? `${span} ago` : `in ${span}`;
}

/** Whole-percent saving of `price` against `mrp`, or 0 when there is none. */
export function discountPercent(price: number, mrp: number): number {
  if (!(mrp > price) || mrp <= 0) return 0;
  return Math.round(((mrp - price) / mrp) * 100);
}
