import { expect, type Page, test } from "@playwright/test";
import { adminPage } from "./admin-helpers.ts";
import { freshContext, snapshot } from "./helpers.ts";

/**
 * The shop's settings from the back-office (decision 061), in the settings project (alone, one
 * after another): the primary colour changed in /admin/settings shows in the shop, then goes back.
 */
const primaryOf = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim(),
  );

async function setColour(admin: Page, colour: string) {
  await admin.goto("/admin/settings");
  const form = admin.getByRole("form", { name: "Settings" });
  await form.getByLabel("Primary colour").fill(colour);
  await form.getByRole("button", { name: "Save the settings" }).click();
  await expect(admin.getByRole("status")).toHaveText(
    "Settings saved: the shop shows them on its next page.",
  );
  await expect(form.getByLabel("Primary colour")).toHaveValue(colour);
}

test("the primary colour set in /admin/settings shows in the shop", async ({ browser }, info) => {
  test.setTimeout(90_000);
  const admin = await adminPage(browser, info);
  await expect(
    admin.getByRole("navigation", { name: "Back-office" }).getByRole("link", { name: "Settings" }),
  ).toBeVisible();
  const shopper = await (await freshContext(browser, info)).newPage();
  await shopper.goto("/");
  expect(await primaryOf(shopper)).toBe("#f46b22");
  try {
    // A bad colour is refused with the field's message, and nothing changes.
    await admin.goto("/admin/settings");
    await admin.getByLabel("Primary colour").fill("blue");
    await admin.getByRole("button", { name: "Save the settings" }).click();
    await expect(admin.getByRole("alert")).toHaveText(
      "primaryColor: The primary colour must be a hex colour like #f46b22",
    );
    await setColour(admin, "#1e88e5");
    await snapshot(admin, info, "admin-settings");
    await shopper.goto("/");
    expect(await primaryOf(shopper)).toBe("#1e88e5");
    await snapshot(shopper, info, "shop-blue");
  } finally {
    await setColour(admin, "#f46b22");
  }
  await shopper.goto("/");
  expect(await primaryOf(shopper)).toBe("#f46b22");
});
