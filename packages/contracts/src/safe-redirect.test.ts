import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

const ORIGIN = "https://maidan.pk";

/**
 * Targets that a browser (or React Router's client navigation) would follow to another site
 * once the URL parser has normalised them: dot segments, encoded dots, backslashes, tabs and
 * newlines all fold into a leading `//`.
 */
const OFFSITE = [
  // Dot segments that collapse into `//` (the payloads).
  "/.//evil.example",
  "/x/..//evil.example",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/%2e%2e//evil.example",
  "/x/%2e%2e//evil.example",
  "/a/b/../..//evil.example",
  "/././/evil.example",
  "/.%2f/evil.example",
  "/..//evil.example",
  "/./\\evil.example",
  "/.\\/evil.example",
  "/x/..\\\\evil.example",
  // Tabs, newlines and carriage returns the parser drops.
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/.\t//evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  // Backslashes, raw or encoded.
  "/\\evil.example",
  "\\\\evil.example",
  "/%5Cevil.example",
  "/%5c%5cevil.example",
  // Protocol-relative and absolute.
  "//evil.example",
  "///evil.example",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "https://evil.example",
  "https:evil.example",
  "http://maidan.pk.evil.example/",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  // Not a path at all, or not decodable.
  " /my",
  " //evil.example",
  "evil.example",
  "my",
  "",
  "/%E0%A4%A",
  "/\u0000/evil.example",
  "/\u007f",
  null,
  undefined,
  42,
  { toString: () => "/my" },
  `/${"a".repeat(2001)}`,
];

describe("safeRedirect: the normalised target must stay on the site", () => {
  it.each(OFFSITE)("refuses %j", (target) => {
    expect(safeRedirect(target, ORIGIN)).toBeNull();
    expect(safeRedirect(target)).toBeNull();
  });

  it.each([
    ["/my", "/my"],
    ["/my/address?tab=2#top", "/my/address?tab=2#top"],
    ["/men-shoes/running", "/men-shoes/running"],
    ["/checkout", "/checkout"],
    // Dot segments that stay on the site are resolved, so what is emitted is what is followed.
    ["/my/../checkout", "/checkout"],
    ["/./my", "/my"],
    ["/%2e/my", "/my"],
    // A second slash after the first segment is a path, not a host.
    ["/search//shoes", "/search//shoes"],
    ["/pages/sale?next=//evil.example", "/pages/sale?next=//evil.example"],
    ["/my#//evil.example", "/my#//evil.example"],
  ])("keeps %j as %j", (target, expected) => {
    expect(safeRedirect(target, ORIGIN)).toBe(expected);
    expect(safeRedirect(target)).toBe(expected);
  });

  it("what it returns always starts with exactly one slash and resolves to the same origin", () => {
    const seeds = ["/", "/.", "/..", "/%2e", "/%2E%2e", "//", "/\\", "\\", "/x", "/\t", "?", "#"];
    for (const a of seeds)
      for (const b of seeds)
        for (const c of ["", "evil.example", "/evil.example"]) {
          const out = safeRedirect(`${a}${b}${c}`, ORIGIN);
          if (out === null) continue;
          expect(out, `${a}${b}${c}`).toMatch(/^\/(?![/\\])/);
          expect(new URL(out, ORIGIN).origin, `${a}${b}${c}`).toBe(ORIGIN);
        }
  });
});
