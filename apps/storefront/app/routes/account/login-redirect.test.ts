import type { SessionResult } from "@maidan/contracts/auth-service";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { guestIdContext, servicesContext, viewerContext } from "../../context";
import { fakeServices } from "../../testing/fake-services";
import { action as loginAction } from "./login";
import { loader as oauthSuccess } from "./oauth-success";
import { action as signupAction } from "./signup";

/** Targets a browser could read as another site; every one must end on /my. */
const HOSTILE = [
  "//evil.com",
  "https://evil.com",
  "/\\evil.com",
  "\\\\evil.com",
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  "/%2F%2Fevil.com",
  "/%5Cevil.com",
  "%2F%2Fevil.com",
  "http:evil.com",
  "data:text/html,<script>alert(1)</script>",
  " //evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "evil.com",
  "",
  // Paths that the URL parser normalises into `//evil.com` (dot segments, encoded dots).
  "/.//evil.com",
  "/x/..//evil.com",
  "/%2e//evil.com",
  "/%2E%2E//evil.com",
  "/a/b/../..//evil.com",
  "/./\\evil.com",
  "/.\t//evil.com",
  "/.%2F/evil.com",
];

function context(viewerId: string | null = null) {
  const services = fakeServices();
  services.auth.passwordLogin = vi.fn(
    async () => ({ setCookie: "Authorization=t; Path=/" }) as SessionResult,
  );
  // A sign-up without a mobile number: nothing to confirm, straight on to the target.
  services.auth.signup = vi.fn(
    async () =>
      ({ setCookie: "Authorization=t; Path=/", user: { phonePending: null } }) as SessionResult,
  );
  const ctx = new RouterContextProvider();
  ctx.set(servicesContext, services);
  ctx.set(guestIdContext, "guest-1234");
  ctx.set(
    viewerContext,
    viewerId
      ? { id: viewerId, role: "user", name: "A", firstName: "A", email: null, phone: null }
      : null,
  );
  return ctx;
}

const locationOf = (r: unknown) => (r instanceof Response ? r.headers.get("location") : null);

async function logIn(redirectTo: string) {
  const body = new FormData();
  body.set("email", "shopper@maidan.pk");
  body.set("password", "shopper123");
  body.set("redirectTo", redirectTo);
  const request = new Request("http://shop.test/account/login", { method: "POST", body });
  return loginAction({ request, context: context(), params: {}, unstable_pattern: "" } as never);
}

async function signUp(redirectTo: string, where: "form" | "query") {
  const body = new FormData();
  for (const [k, v] of Object.entries({
    firstName: "Ayesha",
    email: "new-shopper@maidan.pk",
    password: "correct-horse-1",
    confirmPassword: "correct-horse-1",
  }))
    body.set(k, v);
  if (where === "form") body.set("redirectTo", redirectTo);
  const query = where === "query" ? `?${new URLSearchParams({ redirectTo })}` : "";
  const request = new Request(`http://shop.test/account/signup${query}`, { method: "POST", body });
  return signupAction({ request, context: context(), params: {}, unstable_pattern: "" } as never);
}

describe("no open redirect after signing in", () => {
  it("the login action follows same-site paths only", async () => {
    for (const target of HOSTILE) expect(locationOf(await logIn(target)), target).toBe("/my");
    expect(locationOf(await logIn("/my/address?edit=1#top"))).toBe("/my/address?edit=1#top");
    expect(locationOf(await logIn("/my/../checkout"))).toBe("/checkout");
  });

  it("the sign-up action follows same-site paths only, from the form or the address", async () => {
    for (const where of ["form", "query"] as const) {
      for (const target of HOSTILE)
        expect(locationOf(await signUp(target, where)), `${where}: ${target}`).toBe("/my");
      expect(locationOf(await signUp("/checkout", where)), where).toBe("/checkout");
    }
  });

  it("/oauth/success follows same-site paths only", async () => {
    for (const target of HOSTILE) {
      const url = `http://shop.test/oauth/success?${new URLSearchParams({ redirectTo: target })}`;
      let thrown: unknown;
      try {
        oauthSuccess({ request: new Request(url), context: context("u1"), params: {} } as never);
      } catch (e) {
        thrown = e;
      }
      expect(locationOf(thrown), target).toBe("/my");
    }
  });
});
