import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { lastOutboxBody, withShopDb } from "./db.ts";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/** The newest dev-outbox message to `recipient` (the dev adapters write to the database). */
const lastMessage = (recipient: string) => lastOutboxBody(recipient);

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function login(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail or phone").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test("sign up, confirm by e-mail, edit profile, add an address, change password, log out", async ({
  page,
}, info) => {
  // Eight pages and five forms: over 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  // Long enough to overflow a 360 px phone if it did not wrap.
  const email = `e2e-a-rather-long-mailbox-name-${unique()}@example-shop-domain.com`;
  await page.goto("/account/signup");
  await page.getByLabel("First name").fill("Hina");
  await page.getByLabel("Last name").fill("Raza");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("first-pass-123");
  await page.getByLabel("Confirm password").fill("first-pass-123");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/my$/);
  await expect(page.getByRole("heading", { name: "Hello, Hina Raza" })).toBeVisible();

  const link = (await lastMessage(email)).match(/\/account\/verify\/\S+/)?.[0] ?? "";
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "E-mail confirmed" })).toBeVisible();

  await page.goto("/my/account");
  await page.getByLabel("First name").fill("Hina B.");
  await page.getByLabel("City").fill("Lahore");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated.").first()).toBeVisible();

  await page.goto("/my/address");
  await page.getByLabel("Full name").fill("Hina Raza");
  await page.getByLabel("Mobile number").fill("03211234567");
  await page.getByLabel("Province").selectOption("Sindh");
  await page.getByLabel("City").selectOption("Karachi");
  await page.getByLabel("Address", { exact: true }).fill("House 7, Block 4, Gulshan-e-Iqbal");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("House 7, Block 4, Gulshan-e-Iqbal")).toBeVisible();
  await expect(page.locator(".address-card .badge")).toHaveText("Default");

  await page.goto("/my/change-password");
  await page.getByLabel("Current password").fill("first-pass-123");
  await page.getByLabel("New password", { exact: true }).fill("second-pass-456");
  await page.getByLabel("Confirm new password").fill("second-pass-456");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed.").first()).toBeVisible();
  await snapshot(page, info, "my-change-password");

  await page.goto("/my");
  await snapshot(page, info, "my-dashboard");
  // A long e-mail address wraps: the dashboard never scrolls sideways on a phone.
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole("main").getByRole("button", { name: "Log out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/my");
  await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Fmy/);
  await login(page, email, "first-pass-123");
  await expect(page.getByText("Invalid Login Details!").first()).toBeVisible();
  await login(page, email, "second-pass-456");
  await expect(page).toHaveURL(/\/my$/);
});

/** Asks for a login code by SMS on the phone tab; returns the code from the dev outbox. */
async function requestPhoneCode(page: Page, digits = unique().slice(-9).padStart(9, "0")) {
  await page.getByLabel("Mobile number").fill(`03${digits}`);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(
    page.getByText("A verification code has been sent to your phone.").first(),
  ).toBeVisible();
  await expect(page.getByTestId("otp-box")).toHaveCount(4);
  return (await lastMessage(`923${digits}`)).match(/code is (\d+)/)?.[1] ?? "";
}

test("phone OTP login reads the code from the outbox; a bad paste is refused", async ({
  page,
}, info) => {
  await page.goto("/account/login?tab=phone&redirectTo=/my/address");
  await snapshot(page, info, "login-phone");
  const code = await requestPhoneCode(page);
  const otp = page.getByLabel("One-time code");
  await otp.focus();
  await page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement;
    const data = new DataTransfer();
    data.setData("text", "12ab");
    el.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(page.getByText("Invalid pasted data").first()).toBeVisible();
  await otp.pressSequentially(code);
  await expect(page).toHaveURL(/\/my\/address$/);
});

test("phone OTP login by pasting the code from the SMS, with the campaign marker", async ({
  page,
  context,
}) => {
  // Arrived from a campaign link: the marker goes with the OTP login that creates the account.
  await page.goto("/?source=kl_");
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("campaign"))).toBe("kl_");
  await page.goto("/account/login?tab=phone");
  const digits = unique().slice(-9).padStart(9, "0");
  const code = await requestPhoneCode(page, digits);
  expect(code).toMatch(/^\d{4}$/);
  // A real paste: the code goes on the clipboard and Ctrl+V delivers it to the focused control.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await page.getByLabel("One-time code").focus();
  await page.keyboard.press("ControlOrMeta+V");
  // All four boxes filled by the one paste, then the completion event submits the form.
  await expect(page).toHaveURL(/\/my$/);
  await expect(page.getByRole("heading", { name: /^Hello/ })).toBeVisible();
  const campaign = await withShopDb(async (db) => {
    const r = await db.query("select campaign from users where phone = $1", [`923${digits}`]);
    return r.rows[0]?.campaign;
  });
  expect(campaign).toBe("kl_");
});

test("forgot and reset password through the outbox", async ({ page }) => {
  const email = `reset-${unique()}@example.com`;
  await page.goto("/account/signup");
  await page.getByLabel("First name").fill("Ali");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("old-pass-1234");
  await page.getByLabel("Confirm password").fill("old-pass-1234");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/my$/);
  await page.getByRole("main").getByRole("button", { name: "Log out", exact: true }).click();

  await page.goto("/account/forgot-password");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("we have sent a link");
  const link = (await lastMessage(email)).match(/\/account\/reset-password\/\S+/)?.[0] ?? "";
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("new-pass-5678");
  await page.getByLabel("Confirm new password").fill("new-pass-5678");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page).toHaveURL(/\/account\/login/);
  await login(page, email, "new-pass-5678");
  await expect(page).toHaveURL(/\/my$/);
  // Signed in, /login sends to /my (route rule 3), and the link cannot be used twice.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/my$/);
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText(
    "This password reset link is invalid or has expired.",
  );
});

/** A token for the page's session that expired two minutes ago, signed with the server's secret. */
async function expiredTokenFor(cookieValue: string) {
  const { createTokenSigner } = await import("@maidan/api/modules/auth/tokens");
  const { readFileSync } = await import("node:fs");
  const secret = readFileSync(`${process.env.E2E_DATA_DIR}/jwt-secret`, "utf8").trim();
  const claims = JSON.parse(Buffer.from(cookieValue.split(".")[1] ?? "", "base64url").toString());
  return createTokenSigner(secret).sign(
    { sub: claims.sub, ver: claims.ver, role: claims.role, rfx: claims.rfx },
    60,
    Date.now() - 120_000,
  );
}

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === "Authorization");

/** The renewed cookie: a new token that lives 3600 s (spec §9), HttpOnly and Lax. */
async function expectRenewed(context: BrowserContext, expired: string) {
  const renewed = await sessionCookie(context);
  expect(renewed?.value).toBeTruthy();
  expect(renewed?.value).not.toBe(expired);
  expect(renewed?.httpOnly).toBe(true);
  expect(renewed?.sameSite).toBe("Lax");
  const left = (renewed?.expires ?? 0) - Date.now() / 1000;
  expect(left).toBeGreaterThan(3600 - 60);
  expect(left).toBeLessThanOrEqual(3600 + 5);
}

test("an expired token is refreshed on navigation, full page or client-side", async ({
  page,
  context,
}) => {
  await page.goto("/account/login");
  await login(page, "shopper@maidan.pk", "shopper123");
  await expect(page).toHaveURL(/\/my$/);
  const cookie = await sessionCookie(context);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");

  // A full page load with an expired token: refreshed, still signed in.
  const expired = await expiredTokenFor(String(cookie?.value));
  const root = new URL("/", page.url()).href;
  await context.addCookies([{ name: "Authorization", value: expired, url: root }]);
  await page.goto("/my/account");
  await expect(page.getByLabel("First name")).toHaveValue("Ayesha");
  await expectRenewed(context, expired);

  // A client-side navigation (the account menu's link: a data request, no page load).
  const again = await expiredTokenFor(String((await sessionCookie(context))?.value));
  await context.addCookies([{ name: "Authorization", value: again, url: root }]);
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  const data = page.waitForResponse((r) => r.url().includes("/my/address.data"));
  await page
    .getByRole("navigation", { name: "Your account" })
    .getByRole("link", { name: "Addresses" })
    .click();
  await data;
  await expect(page).toHaveURL(/\/my\/address$/);
  await expect(page.getByRole("heading", { name: "Addresses", level: 1 })).toBeVisible();
  await expectRenewed(context, again);
  // The same document: no full page load happened.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
    true,
  );
});

test("the login page on this viewport", async ({ page }, info) => {
  await page.goto("/account/login");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await snapshot(page, info, "login");
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/account\/login$/);
});
