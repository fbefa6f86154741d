import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { lastOutboxBody } from "./db.ts";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * The account pages as a visitor sees them (issue #4): the sign-in pages without the account
 * menu, the §5 rule messages on every account form (nothing is sent until they pass), the profile
 * picture, and the CSRF guard in front of the storefront's own actions.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A fresh account, signed in in this page's browser context (the API sets the cookie). */
async function signedIn(page: Page, firstName = "Sara") {
  const email = `pages-${unique()}@example.com`;
  const password = "pages-pass-123";
  const res = await page.request.post("/api/auth/signup", {
    data: { firstName, email, password },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { email, password };
}

/** Counts the form posts the page sends (an action's POST, or a client navigation's). */
function postsOf(page: Page) {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  return posts;
}

const lastMail = (to: string) => lastOutboxBody(to);

test("the sign-in pages show no account menu, fit the screen and keep the form in view", async ({
  page,
}, info) => {
  const pages = [
    ["/account/login", "Log in"],
    ["/account/signup", "Create an account"],
    ["/account/forgot-password", "Forgot your password?"],
    ["/account/reset-password/not-a-real-token-123", "Choose a new password"],
  ] as const;
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Your account" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Referral" })).toHaveCount(0);
    expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    // The first thing to fill (or the page's message) is on the first screen, not below it.
    const first = page.locator("main").locator("input:not([type=hidden]), [role=alert]").first();
    const box = await first.boundingBox();
    expect(box, path).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0), path).toBeLessThan(page.viewportSize()?.height ?? 0);
  }
  await page.goto("/account/login");
  await snapshot(page, info, "login-anonymous");
  // Signed in, the /my pages keep their menu.
  await signedIn(page);
  await page.goto("/my/account");
  await expect(page.getByRole("navigation", { name: "Your account" })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test("login, phone and forgot-password forms show the §5 messages and send nothing until they pass", async ({
  page,
}) => {
  const posts = postsOf(page);
  await page.goto("/account/login");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("The e-mail or phone field is required")).toBeVisible();
  await page.getByLabel(/^E-mail or phone/).fill("shopper@maidan.pk");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("The password field is required")).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByRole("tab", { name: "Phone" }).click();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("The mobile number field is required")).toBeVisible();
  await page.getByLabel(/^Mobile number/).fill("12345");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("The mobile number value is not valid")).toBeVisible();
  expect(posts).toEqual([]);
  // A good number goes; "Send a new code" is not held back by the empty code boxes and reaches
  // the server, which asks to wait between sends.
  await page.getByLabel(/^Mobile number/).fill(`03${unique().slice(-9).padStart(9, "0")}`);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByTestId("otp-box")).toHaveCount(4);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("The code field is required")).toBeVisible();
  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect(
    page.getByText("Please wait 30 seconds before asking for another code.").first(),
  ).toBeVisible();
  expect(posts).toHaveLength(2);

  await page.goto("/account/forgot-password");
  await page.getByLabel(/^E-mail/).fill("ali@");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("The email field must be a valid email")).toBeVisible();
  await page.getByLabel(/^E-mail/).fill("");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("The email field is required")).toBeVisible();
  expect(posts).toHaveLength(2);
});

test("the login dialog checks its fields before it sends", async ({ page }, info) => {
  await page.goto("/");
  if (info.project.name === "phone")
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Account" })
      .click();
  else await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await expect(dialog).toBeVisible();
  const posts = postsOf(page);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog.getByText("The e-mail or phone field is required")).toBeVisible();
  expect(posts).toEqual([]);
  await dialog.getByLabel(/^E-mail or phone/).fill("shopper@maidan.pk");
  await dialog.getByLabel(/^Password/).fill("wrong-password");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Invalid Login Details!").first()).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("reset and change password: length and confirmation in the spec's words", async ({ page }) => {
  const { email, password } = await signedIn(page);
  const posts = postsOf(page);
  await page.goto("/my/change-password");
  await page.getByLabel("Current password").fill(password);
  await page.getByLabel(/^New password/).fill("short");
  await page.getByLabel(/^Confirm new password/).fill("short");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The password field must be at least 8 characters")).toBeVisible();
  await page.getByLabel(/^New password/).fill("long-enough-99");
  await page.getByLabel(/^Confirm new password/).fill("long-enough-98");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The password confirmation does not match")).toBeVisible();
  expect(posts).toEqual([]);
  await page.getByLabel(/^Confirm new password/).fill("long-enough-99");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed.").first()).toBeVisible();
  expect(posts).toHaveLength(1);

  await page.request.post("/api/users/forgot", { data: { email } });
  const link = (await lastMail(email)).match(/\/account\/reset-password\/\S+/)?.[0] ?? "";
  await page.goto(link);
  await page.getByLabel(/^New password/).fill("reset-pass-123");
  await page.getByLabel(/^Confirm new password/).fill("reset-pass-124");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByText("The password confirmation does not match")).toBeVisible();
  expect(posts).toHaveLength(1);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test("profile picture: uploaded and shown; wrong files refused with a clear message", async ({
  page,
}, info) => {
  await signedIn(page, "Rabia");
  await page.goto("/my/account");
  const picture = page.getByLabel("Profile picture");
  const posts = postsOf(page);

  await picture.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a picture"),
  });
  await expect(
    page.getByText("The avatar must be an image: jpg, svg, jpeg, png, bmp or gif"),
  ).toBeVisible();
  await page.getByRole("button", { name: "Upload picture" }).click();
  expect(posts).toEqual([]);

  const noise = await sharp(
    Buffer.from(Array.from({ length: 450 * 450 * 3 }, (_, i) => (i * 7919) % 256)),
    {
      raw: { width: 450, height: 450, channels: 3 },
    },
  )
    .png({ compressionLevel: 0 })
    .toBuffer();
  await picture.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: noise });
  await expect(page.getByText("The avatar may not be greater than 512 KB")).toBeVisible();

  // Named like a picture, but not one: only the server can tell, and says so.
  await picture.setInputFiles({
    name: "fake.png",
    mimeType: "image/png",
    buffer: Buffer.from("definitely not a png"),
  });
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByText(/could not be read as a picture/).first()).toBeVisible();
  expect(posts).toHaveLength(1);

  const png = await sharp({
    create: { width: 240, height: 180, channels: 3, background: "#2a7" },
  })
    .png()
    .toBuffer();
  await picture.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByText("Profile updated.").first()).toBeVisible();
  const shown = page.getByRole("img", { name: "Your profile picture" });
  await expect(shown).toHaveAttribute("src", /^\/img\/320\/avatars\/[a-z0-9-]+\.webp$/);
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await snapshot(page, info, "my-account-avatar");
});

test("a cross-site POST to the storefront's account actions is refused with 403", async ({
  page,
}) => {
  await signedIn(page, "Kiran");
  const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
  for (const path of ["/my/account", "/account/logout", "/my/change-password"]) {
    const res = await page.request.post(path, {
      headers: crossSite,
      form: { firstName: "Hacked", currentPassword: "x", password: "y", confirmPassword: "y" },
      maxRedirects: 0,
    });
    expect(res.status(), path).toBe(403);
  }
  // Only the Origin header, no Fetch Metadata (older browsers): refused too.
  const originOnly = await page.request.post("/account/logout", {
    headers: { origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(originOnly.status()).toBe(403);
  // Still signed in, name unchanged.
  await page.goto("/my");
  await expect(page.getByRole("heading", { name: "Hello, Kiran" })).toBeVisible();
});
