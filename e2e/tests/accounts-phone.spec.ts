import { expect, type Page, test } from "@playwright/test";
import { lastOutboxBody } from "./db.ts";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * A mobile number belongs to an account only once the code texted to it comes back (decision
 * 027): on /my/account (enter the number, get the code, enter the code) and after a sign-up that
 * gave a number.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const newNumber = () => `03${unique().slice(-9).padStart(9, "0")}`;
const intl = (local: string) => `92${local.slice(1)}`;

/** The newest login code texted to `phone` (the dev SMS adapter writes to the database). */
const codeSentTo = async (phone: string) =>
  (await lastOutboxBody(intl(phone))).match(/code is (\d+)/)?.[1] ?? "";

const me = async (page: Page) => (await page.request.get("/api/users/me")).json();

test("profile: a new mobile number is saved only with the code texted to it", async ({
  page,
}, info) => {
  const res = await page.request.post("/api/auth/signup", {
    data: { firstName: "Sana", email: `phone-${unique()}@example.com`, password: "phone-pass-1" },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.goto("/my/account");
  await expect(page.getByText("No confirmed number yet.")).toBeVisible();

  const phone = newNumber();
  await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(
    page.getByText("A verification code has been sent to your phone.").first(),
  ).toBeVisible();
  await expect(page.getByText(`Enter the 4-digit code we sent to ${phone}`)).toBeVisible();
  await expect(page.getByTestId("otp-box")).toHaveCount(4);
  // Not the account's number yet: only waiting for its code.
  expect(await me(page)).toMatchObject({ phone: null, phonePending: intl(phone) });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await snapshot(page, info, "my-account-phone-code");

  const code = await codeSentTo(phone);
  const otp = page.getByLabel(`Code sent to ${phone}`);
  await otp.focus();
  // A wrong code (the full boxes send it by themselves) is refused, and nothing is saved.
  await otp.pressSequentially(code === "0000" ? "1111" : "0000");
  await expect(page.getByText("Invalid Login Details!").first()).toBeVisible();
  expect((await me(page)).phone).toBeNull();

  await otp.fill("");
  await otp.pressSequentially(code);
  await expect(page.getByText("Your mobile number is confirmed.").first()).toBeVisible();
  const section = page.getByRole("region", { name: "Mobile number" });
  await expect(section.getByText(phone)).toBeVisible();
  await expect(section.locator(".badge")).toHaveText("Confirmed");
  await expect(page.getByTestId("otp-box")).toHaveCount(0);
  expect(await me(page)).toMatchObject({ phone: intl(phone), phonePending: null });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await snapshot(page, info, "my-account-phone-confirmed");
});

test("sign-up with a number: the code step follows and saves it, then on to the page asked for", async ({
  page,
}, info) => {
  const phone = newNumber();
  await page.goto("/account/signup?redirectTo=/my/address");
  await page.getByLabel("First name").fill("Hamza");
  await page.getByLabel("E-mail").fill(`signup-phone-${unique()}@example.com`);
  await page.getByLabel("Mobile number (optional)").fill(phone);
  await page.getByLabel("Password", { exact: true }).fill("signup-pass-1");
  await page.getByLabel("Confirm password").fill("signup-pass-1");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your mobile number" })).toBeVisible();
  await expect(page.getByText(`Enter the 4-digit code we sent to ${phone}`)).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await snapshot(page, info, "signup-phone-code");

  const otp = page.getByLabel(`Code sent to ${phone}`);
  await otp.focus();
  await otp.pressSequentially(await codeSentTo(phone));
  await expect(page).toHaveURL(/\/my\/address$/);
  expect(await me(page)).toMatchObject({ phone: intl(phone), phonePending: null });

  await page.goto("/my");
  await expect(page.getByText(phone)).toBeVisible();
});
