import { describe, expect, it } from "vitest";
import { ago, discountPercent, formatDate, formatTime } from "./format";

describe("formatDate", () => {
  it("prints short month, day, year and time in Pakistan time with plain spaces", () => {
    // 10:05 UTC is 15:05 in Karachi (UTC+5, no daylight saving).
    expect(formatDate(new Date("2026-11-22T10:05:00Z"))).toBe("Nov 22, 2026, 3:05 PM");
    expect(formatDate("2026-01-01T19:30:00Z")).toBe("Jan 2, 2026, 12:30 AM");
    expect(formatDate(Date.UTC(2026, 5, 1, 4, 0))).toBe("Jun 1, 2026, 9:00 AM");
  });

  it("prints nothing for missing or invalid dates", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("not a date")).toBe("");
  });
});

describe("ago", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const earlier = (ms: number) => new Date(now.getTime() - ms);
  const minute = 60_000;

  it("uses minutes under an hour", () => {
    expect(ago(earlier(minute), now)).toBe("1 minute ago");
    expect(ago(earlier(5 * minute), now)).toBe("5 minutes ago");
    expect(ago(earlier(59 * minute + 59_000), now)).toBe("59 minutes ago");
  });

  it("uses hours under a day and days after", () => {
    expect(ago(earlier(60 * minute), now)).toBe("1 hour ago");
    expect(ago(earlier(23 * 60 * minute), now)).toBe("23 hours ago");
    expect(ago(earlier(24 * 60 * minute), now)).toBe("1 day ago");
    expect(ago(earlier(3 * 24 * 60 * minute), now)).toBe("3 days ago");
  });

  it("reads 'just now' under a minute, including small clock skew", () => {
    expect(ago(now, now)).toBe("just now");
    expect(ago(earlier(30_000), now)).toBe("just now");
    expect(ago(earlier(-30_000), now)).toBe("just now");
  });

  it("phrases later dates forward", () => {
    expect(ago(earlier(-2 * 60 * minute), now)).toBe("in 2 hours");
  });

  it("accepts strings and prints nothing for invalid input", () => {
    expect(ago("2026-11-22T11:55:00Z", now)).toBe("5 minutes ago");
    expect(ago(null, now)).toBe("");
    expect(ago("nope", now)).toBe("");
  });
});

describe("discountPercent", () => {
  it("is the rounded saving against the list price", () => {
    expect(discountPercent(7500, 10000)).toBe(25);
    expect(discountPercent(6666, 10000)).toBe(33);
  });

  it("is 0 without a saving", () => {
    expect(discountPercent(10000, 10000)).toBe(0);
    expect(discountPercent(12000, 10000)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});

describe("formatTime", () => {
  it("prints the time of day in Pakistan, with a plain space before AM/PM", () => {
    expect(formatTime(new Date("2026-11-22T10:05:00Z"))).toBe("3:05 PM");
    expect(formatTime("2026-11-22T19:30:00Z")).toBe("12:30 AM");
    expect(formatTime(null)).toBe("");
    expect(formatTime("not a date")).toBe("");
  });
});
