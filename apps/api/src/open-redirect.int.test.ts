import { DEFAULT_SHOPPER } from "@maidan/db/seed/index";
import { createStorefrontTestApp } from "@maidan/server/testing/storefront-source";
import type { TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "./testing/auth-helpers.ts";

/**
 * Open redirects through the whole stack (API and the real storefront): after logging in,
 * signing up, and Facebook login, a `redirectTo` that the URL parser normalises into another
 * site (`/.//evil.example`, `/x/..//evil.example`, `/%2e//evil.example`, …) ends on /my, and
 * a same-site one is followed as the browser would resolve it.
 */
const HOSTILE = [
  "/.//evil.example",
  "/x/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/./\\evil.example",
  "/.\t//evil.example",
  "/.\n//evil.example",
  "//evil.example",
  "https://evil.example/",
];

let t: TestApp;
beforeAll(async () => {
  t = await createStorefrontTestApp({ products: 1 });
});
afterAll(() => t?.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** The cookies a response sets, as a Cookie header for the next request. */
const cookiesOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

async function logIn(redirectTo: string) {
  return t.app.inject({
    method: "POST",
    url: "/account/login",
    headers: FORM,
    payload: form({ ...DEFAULT_SHOPPER, redirectTo }),
  });
}

async function signUp(redirectTo: string) {
  const password = "correct-horse-1";
  return t.app.inject({
    method: "POST",
    url: `/account/signup?${new URLSearchParams({ redirectTo })}`,
    headers: FORM,
    payload: form({
      firstName: "Ayesha",
      email: uniqueEmail("redirect"),
      password,
      confirmPassword: password,
      redirectTo,
    }),
  });
}

/**
 * Facebook login with the sandbox provider, as a browser follows it: the `redirectTo` the API's
 * callback hands /oauth/success, and /oauth/success's answer.
 */
async function facebook(redirectTo: string) {
  let cookie = "";
  const step = async (url: string) => {
    const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
    const set = cookiesOf(res);
    if (set) cookie = cookie ? `${cookie}; ${set}` : set;
    return res;
  };
  const start = await step(`/api/auth/facebook?${new URLSearchParams({ redirectTo })}`);
  expect(start.statusCode).toBe(302);
  const dialog = new URL(String(start.headers.location), "http://localhost");
  const pick = await step(
    `/sandbox/facebook/authorize?${new URLSearchParams({
      identity: "fb-1001",
      state: dialog.searchParams.get("state") ?? "",
      redirect_uri: dialog.searchParams.get("redirect_uri") ?? "",
    })}`,
  );
  const back = new URL(String(pick.headers.location), "http://localhost");
  const callback = await step(back.pathname + back.search);
  expect(callback.statusCode).toBe(302);
  const success = String(callback.headers.location);
  expect(success.startsWith("/oauth/success?")).toBe(true);
  const handed = new URL(success, "http://localhost").searchParams.get("redirectTo");
  return { handed, res: await step(success) };
}

describe("redirectTo stays on the site after signing in", () => {
  it("the login form", async () => {
    for (const target of HOSTILE) {
      const res = await logIn(target);
      expect(res.statusCode, JSON.stringify(target)).toBe(302);
      expect(res.headers.location, JSON.stringify(target)).toBe("/my");
    }
    expect((await logIn("/my/../checkout?step=2")).headers.location).toBe("/checkout?step=2");
  });

  it("the sign-up form", async () => {
    for (const target of HOSTILE) {
      const res = await signUp(target);
      expect(res.statusCode, JSON.stringify(target)).toBe(302);
      expect(res.headers.location, JSON.stringify(target)).toBe("/my");
    }
    expect((await signUp("/checkout")).headers.location).toBe("/checkout");
  });

  it("Facebook login, through the API's callback and /oauth/success", async () => {
    for (const target of HOSTILE) {
      const { handed, res } = await facebook(target);
      expect(handed, JSON.stringify(target)).toBe("/my");
      expect(res.statusCode, JSON.stringify(target)).toBe(302);
      expect(res.headers.location, JSON.stringify(target)).toBe("/my");
    }
    const fine = await facebook("/my/address");
    expect(fine.handed).toBe("/my/address");
    expect(fine.res.headers.location).toBe("/my/address");
  });

  it("/oauth/success for a visitor already signed in", async () => {
    const login = await logIn("/my");
    const cookie = cookiesOf(login);
    for (const target of HOSTILE) {
      const res = await t.app.inject({
        url: `/oauth/success?${new URLSearchParams({ redirectTo: target })}`,
        headers: { cookie },
      });
      expect(res.statusCode, JSON.stringify(target)).toBe(302);
      expect(res.headers.location, JSON.stringify(target)).toBe("/my");
    }
  });
});
