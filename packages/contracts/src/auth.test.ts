import { describe, expect, it } from "vitest";
import { hasRole, normalizePakPhone, safeRedirect } from "./auth.ts";

describe("safeRedirect (open-redirect corpus)", () => {
  it.each([
    "//evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "https://evil.com",
    "http:evil.com",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "%2F%2Fevil.com",
    "/%2F%2Fevil.com",
    "/%5Cevil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "data:text/html,x",
    "evil.com",
    "",
    "/%E0%A4%A",
    null,
    42,
  ])("rejects %j", (target) => {
    expect(safeRedirect(target)).toBeNull();
  });

  it.each([
    ["/my", "/my"],
    ["/my/address?tab=2#top", "/my/address?tab=2#top"],
    ["/men-shoes/running", "/men-shoes/running"],
  ])("keeps the same-site path %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});

describe("normalizePakPhone", () => {
  it("turns 03XXXXXXXXX and its variants into 92XXXXXXXXXX", () => {
    for (const input of [
      "03001234567",
      "0300-1234567",
      "+923001234567",
      "923001234567",
      "3001234567",
    ]) {
      expect(normalizePakPhone(input)).toBe("923001234567");
    }
  });
  it("refuses anything else", () => {
    for (const input of ["0300123456", "04001234567", "12345", "+14155550123", "03001234567x"]) {
      expect(normalizePakPhone(input)).toBeNull();
    }
  });
});

describe("hasRole (spec §6: user < vendor < manager < admin)", () => {
  it("is true at or above the asked role", () => {
    expect(hasRole("admin", "user")).toBe(true);
    expect(hasRole("manager", "manager")).toBe(true);
    expect(hasRole("vendor", "manager")).toBe(false);
    expect(hasRole("user", "vendor")).toBe(false);
    expect(hasRole(null, "user")).toBe(false);
  });
});
