import { describe, expect, it } from "vitest";
import { guestCookie, newGuestId, readCookie, readGuestId } from "./guest-id.server";

describe("readCookie", () => {
  it("finds one cookie among several", () => {
    expect(readCookie("a=1; guest=abc; b=2", "guest")).toBe("abc");
    expect(readCookie("guest=x%20y", "guest")).toBe("x y");
  });

  it("returns null when absent", () => {
    expect(readCookie(null, "guest")).toBeNull();
    expect(readCookie("guests=1; xguest=2", "guest")).toBeNull();
  });
});

describe("readGuestId", () => {
  const withCookie = (cookie: string) => new Request("http://shop.test/", { headers: { cookie } });

  it("accepts a well-formed id", () => {
    const id = newGuestId();
    expect(readGuestId(withCookie(`guest=${id}`))).toBe(id);
  });

  it("rejects a malformed one, so a fresh id replaces it", () => {
    expect(readGuestId(withCookie("guest=<script>"))).toBeNull();
    expect(readGuestId(withCookie("guest=short"))).toBeNull();
  });
});

describe("guestCookie", () => {
  it("lasts a year for the whole site", () => {
    expect(guestCookie("abcdefgh", false)).toBe(
      "guest=abcdefgh; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly",
    );
  });

  it("is Secure over https", () => {
    expect(guestCookie("abcdefgh", true)).toMatch(/; Secure$/);
  });
});
