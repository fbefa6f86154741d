import { describe, expect, it } from "vitest";
import { inviteCodeOf, inviteCookie } from "./referral.server";

const withCookie = (cookie: string) =>
  new Request("http://localhost/account/signup", { headers: { cookie } });

describe("the invite cookie", () => {
  it("hands a well-formed code to the sign-up actions, and nothing else", () => {
    expect(inviteCodeOf(withCookie("guest=abcdefgh; maidan_ref=K7PQ2XMA"))).toBe("K7PQ2XMA");
    for (const bad of ["maidan_ref=k7pq2xma", "maidan_ref=K7PQ2XM0", "maidan_ref=", "other=1"])
      expect(inviteCodeOf(withCookie(bad)), bad).toBeUndefined();
    expect(inviteCodeOf(new Request("http://localhost/"))).toBeUndefined();
  });

  it("is HttpOnly and same-site, for 30 days, and Secure on an https shop", () => {
    expect(inviteCookie("K7PQ2XMA", false)).toBe(
      "maidan_ref=K7PQ2XMA; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax",
    );
    expect(inviteCookie("K7PQ2XMA", true)).toMatch(/; Secure$/);
  });
});
