import { describe, expect, it } from "vitest";
import { joinDate, splitDate } from "./date-parts";

const form = (values: Record<string, string>) => (key: string) => values[key] ?? "";

describe("dates as day / month / year", () => {
  it("splits an ISO date into the selects' values", () => {
    expect(splitDate("2000-02-09")).toEqual({ day: "9", month: "2", year: "2000" });
    expect(splitDate(null)).toEqual({ day: "", month: "", year: "" });
    expect(splitDate("09/02/2000")).toEqual({ day: "", month: "", year: "" });
  });

  it("joins day, month and year into the ISO date the API takes", () => {
    expect(joinDate(form({ "dob-day": "9", "dob-month": "2", "dob-year": "2000" }), "dob")).toBe(
      "2000-02-09",
    );
    expect(joinDate(form({ "dob-day": "31", "dob-month": "12", "dob-year": "1999" }), "dob")).toBe(
      "1999-12-31",
    );
  });

  it("is null when all three are blank, and keeps a half-filled date for the API to refuse", () => {
    expect(joinDate(form({}), "dob")).toBeNull();
    expect(joinDate(form({ "dob-year": "2000" }), "dob")).toBe("2000--");
  });
});
