import { expect, type Page, test } from "@playwright/test";
import { snapshot } from "./helpers.ts";

/** The address book at /my/address (issue #4): add, edit, default and remove. */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Signs a new account in through the API with the page's cookies. */
async function signedInAsNewShopper(page: Page) {
  const res = await page.request.post("/api/auth/signup", {
    data: { firstName: "Zara", email: `address-${unique()}@example.com`, password: "address-123" },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function addAddress(
  page: Page,
  a: { name: string; phone: string; province: string; city: string; address: string },
) {
  await page.getByLabel("Full name").fill(a.name);
  await page.getByLabel("Mobile number").fill(a.phone);
  await page.getByLabel("Province").selectOption(a.province);
  await page.getByLabel("City").selectOption(a.city);
  await page.getByLabel("Address", { exact: true }).fill(a.address);
  const saved = await page.locator(".address-card").count();
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Address saved.").first()).toBeVisible();
  // The card is in the list and the form has been drawn afresh, empty, for the next one.
  await expect(page.locator(".address-card")).toHaveCount(saved + 1);
  await expect(page.getByLabel("Full name")).toHaveValue("");
}

test("address book: add two, edit one, make it the default, remove the other", async ({
  page,
}, info) => {
  // Two adds, two edits, a default and a removal: over 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  await signedInAsNewShopper(page);
  await page.goto("/my/address");
  await expect(page.getByText("No saved addresses yet.")).toBeVisible();
  await page.waitForLoadState("networkidle");

  await addAddress(page, {
    name: "Zara Home",
    phone: "03001234567",
    province: "Sindh",
    city: "Karachi",
    address: "Flat 3, Clifton Block 5",
  });
  await addAddress(page, {
    name: "Zara Office",
    phone: "03111234567",
    province: "Punjab",
    city: "Lahore",
    address: "Office 12, Gulberg III",
  });
  const cards = page.locator(".address-card");
  await expect(cards).toHaveCount(2);
  const home = cards.filter({ hasText: "Zara Home" });
  const office = cards.filter({ hasText: "Zara Office" });
  // The first address became the default.
  await expect(home.locator(".badge")).toHaveText("Default");
  await expect(office.locator(".badge")).toHaveCount(0);

  // Edit: the form opens filled with the saved address, in place of its card.
  await office.getByRole("link", { name: /^Edit the address of Zara Office/ }).click();
  await expect(page).toHaveURL(/\/my\/address\?edit=[0-9a-f-]+$/);
  const editor = page.getByRole("listitem").filter({ has: page.getByText("Edit address") });
  await expect(editor.getByLabel("Full name")).toHaveValue("Zara Office");
  await expect(editor.getByLabel("Mobile number")).toHaveValue("03111234567");
  await expect(editor.getByLabel("Province")).toHaveValue("Punjab");
  await expect(editor.locator('select[name="city"]')).toHaveValue("Lahore");
  await expect(editor.getByLabel("Address", { exact: true })).toHaveValue("Office 12, Gulberg III");
  // Only one form on the page while editing.
  await expect(page.getByRole("heading", { name: "Add an address" })).toHaveCount(0);
  // The §5 rule messages work in the edit form too.
  // By name: a label wrapping its field also takes in the rule message shown under it.
  const street = editor.locator('input[name="address"]');
  await street.fill("Off");
  await street.blur();
  await expect(editor.getByText("The address field must be at least 5 characters")).toBeVisible();
  await snapshot(page, info, "my-address-edit");

  await editor.getByLabel("Province").selectOption("Khyber Pakhtunkhwa");
  await editor.locator('select[name="city"]').selectOption("Peshawar");
  await street.fill("Office 7, University Road");
  await editor.getByLabel("Landmark (optional)").fill("Near Board Bazaar");
  await editor.getByLabel("Mobile number").fill("0312 7654321");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Address updated.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/my\/address$/);
  await expect(office).toContainText(
    "Office 7, University Road, Near Board Bazaar, Peshawar, Khyber Pakhtunkhwa",
  );
  await expect(office).toContainText("03127654321");
  await expect(page.getByText("Gulberg")).toHaveCount(0);
  // Still two addresses: the edit changed one, it did not add one.
  await expect(cards).toHaveCount(2);

  // Cancel leaves an address as it was.
  await home.getByRole("link", { name: /^Edit the address of Zara Home/ }).click();
  await editor.getByLabel("Full name").fill("Someone Else");
  await editor.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/my\/address$/);
  await expect(home).toContainText("Flat 3, Clifton Block 5");

  // The edited address becomes the default; only one default at a time.
  await office.getByRole("button", { name: "Make default" }).click();
  await expect(page.getByText("Default address changed.").first()).toBeVisible();
  await expect(office.locator(".badge")).toHaveText("Default");
  await expect(home.locator(".badge")).toHaveCount(0);
  await snapshot(page, info, "my-address");

  await home.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Address removed.").first()).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(office.locator(".badge")).toHaveText("Default");

  // The profile page answers at /my/details as well as /my/account.
  await page.goto("/my/details");
  await expect(page.getByLabel("First name")).toHaveValue("Zara");
});
