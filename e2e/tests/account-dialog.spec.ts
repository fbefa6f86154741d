import { expect, type Page, test } from "@playwright/test";
import { withShopDb } from "./db.ts";
import { hydrated, snapshot } from "./helpers.ts";

/** Login dialog (spec §3), campaign marker (§3, §9) and the §5 rule messages on account forms. */

const SHOPPER = { email: "shopper@maidan.pk", password: "shopper123" };
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function productSlug() {
  return withShopDb(async (db) => {
    const { rows } = await db.query<{ slug: string }>(
      "select slug from products where active order by slug limit 1",
    );
    return rows[0]?.slug ?? "";
  });
}

const bodyLocked = (page: Page) =>
  page.evaluate(() => document.body.classList.contains("no-scroll"));

/**
 * The header's "Log in" on desktop, the Account tab on the phone. Once hydrated: before that the
 * link is a plain one to the login page.
 */
async function openDialog(page: Page, phone: boolean) {
  await hydrated(page);
  if (phone)
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Account" })
      .click();
  else await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
  return page.getByRole("dialog", { name: "Log in" });
}

test("login dialog: opens on a product page, locks the scroll, signs in and lands on its target", async ({
  page,
}, info) => {
  const phone = info.project.name === "phone";
  const slug = await productSlug();
  await page.goto(`/${slug}`);
  const dialog = await openDialog(page, phone);
  await expect(dialog).toBeVisible();
  expect(await bodyLocked(page)).toBe(true);
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));
  await snapshot(page, info, "login-dialog");

  await dialog.getByLabel("E-mail or phone").fill(SHOPPER.email);
  await dialog.getByLabel("Password", { exact: true }).fill("wrong-password");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Invalid Login Details!").first()).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Password", { exact: true }).fill(SHOPPER.password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  // Desktop: back on the same product page; phone (the Account tab): /my.
  await expect(page).toHaveURL(phone ? /\/my$/ : new RegExp(`/${slug}$`));
  await expect(dialog).toBeHidden();
  expect(await bodyLocked(page)).toBe(false);
  if (!phone)
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
});

test("login dialog: opens while the product view is still arriving (a slow line) @desktop-only", async ({
  page,
}) => {
  await page.route(/\/assets\/product-view-[^/]*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.goto(`/${await productSlug()}`);
  const dialog = await openDialog(page, false);
  await expect(dialog).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("login dialog: Escape closes it and unlocks the scroll", async ({ page }, info) => {
  await page.goto(`/${await productSlug()}`);
  const dialog = await openDialog(page, info.project.name === "phone");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("E-mail or phone")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(await bodyLocked(page)).toBe(false);
});

test("campaign: /?source=kl_ is remembered and sent with the sign-up", async ({ page }) => {
  await page.goto("/?source=kl_");
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("campaign"))).toBe("kl_");
  const email = `e2e-kl-${unique()}@example.com`;
  await page.goto("/account/signup");
  await page.getByLabel("First name").fill("Kamran");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("campaign-pass-1");
  await page.getByLabel("Confirm password").fill("campaign-pass-1");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/my$/);
  const campaign = await withShopDb(async (db) => {
    const r = await db.query("select campaign from users where email = $1", [email]);
    return r.rows[0]?.campaign;
  });
  expect(campaign).toBe("kl_");
});

test("sign-up shows the §5 messages under the fields and does not send a bad form", async ({
  page,
}, info) => {
  await page.goto("/account/signup");
  await page.getByLabel("E-mail").fill("ali@");
  await page.getByLabel("E-mail").blur();
  await expect(page.getByText("The email field must be a valid email")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("The first name field is required")).toBeVisible();
  await expect(page.getByText("The password field must be at least 8 characters")).toBeVisible();
  await expect(page).toHaveURL(/\/account\/signup$/);
  await expect(page.getByRole("textbox", { name: /^First name/ })).toBeFocused();
  await snapshot(page, info, "signup-messages");
  // Eager: once invalid, the message follows every keystroke.
  await page.getByLabel("E-mail").fill("ali@maidan.pk");
  await expect(page.getByText("The email field must be a valid email")).toBeHidden();
});
