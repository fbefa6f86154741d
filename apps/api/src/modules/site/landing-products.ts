import type { LandingEntry } from "@maidan/contracts/site";

/** The shop's calendar day, "YYYY-MM-DD" in Pakistan time (deals change at local midnight). */
export function shopDay(now: Date, timeZone = "Asia/Karachi"): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** FNV-1a, 32 bits: a small stable hash, the same on every server and every restart. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * `count` items picked for `day`: each item's rank is a hash of the day and its id, so the same
 * day always gives the same deals and the next day a different mix, with no state to store.
 */
export function dailyPick<T extends { _id: string }>(items: T[], day: string, count: number): T[] {
  return items
    .map((item) => ({ item, rank: hash(`${day}|${item._id}`) }))
    .sort((a, b) => a.rank - b.rank || a.item._id.localeCompare(b.item._id))
    .slice(0, count)
    .map((x) => x.item);
}

/** Which products a landing entry's staff-edited `data` asks for. */
export function landingMatch(entry: Pick<LandingEntry, "landingPage" | "data">) {
  const { data } = entry;
  const slugs = Array.isArray(data.categories)
    ? data.categories.flatMap((c) =>
        typeof c === "object" && c !== null && typeof (c as { slug?: unknown }).slug === "string"
          ? [(c as { slug: string }).slug]
          : typeof c === "string"
            ? [c]
            : [],
      )
    : [];
  const tags = Array.isArray(data.tags)
    ? data.tags.filter((t): t is string => typeof t === "string" && t.length > 0)
    : [];
  // A sale (or an entry announcing a discount) shows discounted products only.
  const onSale = entry.landingPage === "sale" || typeof data.discount === "string";
  return { slugs, tags, onSale };
}
