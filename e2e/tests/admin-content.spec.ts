import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { adminPage, origin } from "./admin-helpers.ts";
import { signUp } from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { freshContext, snapshot } from "./helpers.ts";

/**
 * The back-office's content (decision 062): staff add a home banner slide and write a help
 * article in /admin, and a shopper sees both in the shop on the next page; unpublished or
 * removed, they are gone again.
 */
test.describe.configure({ mode: "serial" });

/** The record's open form in /admin/content (its summary names it). */
const recordNamed = (page: Page, name: string) =>
  page.getByTestId("admin-record").filter({ has: page.locator("summary", { hasText: name }) });

test("a new banner slide shows on the home page at once, and goes when deleted @desktop-only", async ({
  browser,
}, info) => {
  const admin = await adminPage(browser, info);
  await admin.goto("/admin/content/banners");
  await expect(admin.getByRole("heading", { name: "Home banners", level: 1 })).toBeVisible();
  // A picture uploaded with the form (a 1600 × 500 PNG, kept as WebP).
  const picture = await sharp({
    create: { width: 1600, height: 500, channels: 3, background: "#0b6e4f" },
  })
    .png()
    .toBuffer();
  const alt = `E2E winter kits ${Date.now()}`;
  await admin.getByText("New banner slide").click();
  const form = admin.locator(".admin-record--new form");
  await form
    .getByLabel("Upload a picture for “Picture”")
    .setInputFiles({ name: "winter.png", mimeType: "image/png", buffer: picture });
  await form.getByLabel("Link", { exact: true }).fill("javascript:alert(1)");
  await form.getByLabel("What the picture shows").fill(alt);
  await form.getByRole("button", { name: "Add the banner slide" }).click();
  await expect(admin.getByRole("alert")).toContainText("link");
  await form.getByLabel("Link", { exact: true }).fill("/sale?from=banner");
  await form.getByRole("button", { name: "Add the banner slide" }).click();
  await expect(admin.getByRole("status")).toHaveText("The banner slide is saved.");
  await expect(recordNamed(admin, alt)).toHaveCount(1);
  await snapshot(admin, info, "admin-banners");

  const shopper = await (await freshContext(browser, info)).newPage();
  await shopper.goto("/");
  const slide = shopper.locator(".banner-slider--desktop").getByRole("img", { name: alt });
  await expect(slide).toHaveCount(1);
  const link = shopper.locator(".banner-slider--desktop a", {
    has: shopper.getByRole("img", { name: alt }),
  });
  await expect(link).toHaveAttribute("href", "/sale?from=banner");
  await expect(slide).toHaveAttribute(
    "src",
    /\/media\/content\/banners\/[0-9a-f]{16}\.webp|content%2Fbanners/,
  );
  await snapshot(shopper, info, "home-with-new-slide");

  await recordNamed(admin, alt).locator("summary").click();
  await recordNamed(admin, alt).getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByRole("status")).toHaveText("The banner slide is deleted.");
  await shopper.reload();
  await expect(shopper.getByRole("img", { name: alt })).toHaveCount(0);
});

test("a help article written in /admin is in the help center at once; unpublished, it is gone @desktop-only", async ({
  browser,
}, info) => {
  const admin = await adminPage(browser, info);
  await admin.goto("/admin/content/help-articles");
  await expect(admin.getByRole("heading", { name: "Help center", level: 1 })).toBeVisible();
  const slug = `e2e-returns-${Date.now()}`;
  const title = "Can I return a cricket bat after using it?";
  await admin.getByText("New help article").click();
  const form = admin.locator(".admin-record--new form");
  await form.getByLabel("Topic").fill("Returns");
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Address (slug)").fill(slug);
  await form
    .getByLabel("Text (HTML)")
    .fill(
      '<p>Only if it is <strong>unused</strong>: knocked-in bats cannot go back.</p><script>document.title="owned"</script>',
    );
  await form.getByRole("button", { name: "Add the help article" }).click();
  await expect(admin.getByRole("status")).toHaveText("The help article is saved.");
  await snapshot(admin, info, "admin-help-articles");

  const shopper = await (await freshContext(browser, info)).newPage();
  await shopper.goto(`/help-center/${slug}`);
  await expect(shopper.getByRole("heading", { name: title })).toBeVisible();
  await expect(shopper.getByText("knocked-in bats cannot go back")).toBeVisible();
  expect(await shopper.title()).not.toBe("owned");
  await snapshot(shopper, info, "help-article-in-shop");

  const record = recordNamed(admin, title);
  await record.locator("summary").click();
  await record.getByLabel("Published").uncheck();
  await record.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByRole("status")).toHaveText("The help article is saved.");
  await expect(record.locator("summary")).toContainText("unpublished");
  const gone = await shopper.goto(`/help-center/${slug}`);
  expect(gone?.status()).toBe(404);
});

test("a category with products is not deleted: the refusal names them @desktop-only", async ({
  browser,
}, info) => {
  const admin = await adminPage(browser, info);
  await admin.goto("/admin/content/categories");
  await expect(admin.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  const used = admin
    .getByTestId("admin-record")
    .filter({ has: admin.locator("summary", { hasText: /· [1-9]\d* products/ }) })
    .first();
  const name = (await used.locator("summary strong").textContent()) ?? "";
  await used.locator("summary").click();
  await used.getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByRole("alert")).toContainText(`The category "${name}" still has`);
  await expect(admin.getByRole("alert")).toContainText("move them first");
  await snapshot(admin, info, "admin-categories-refused");
});

test("a vendor writes their own store's description, and the store page shows it @desktop-only", async ({
  browser,
}, info) => {
  const page = await (await freshContext(browser, info)).newPage();
  const email = await signUp(page, info, "store-owner");
  const slug = await withShopDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      "update users set role = 'vendor' where email = $1 returning id",
      [email],
    );
    const store = await db.query<{ slug: string }>(
      "update vendors set owner_id = $1 where id = (select id from vendors order by name desc limit 1) returning slug",
      [rows[0]?.id],
    );
    return store.rows[0]?.slug ?? "";
  });
  // Signed in again: the new role is the account's from now on.
  const login = await page.request.post("/api/auth/local", {
    headers: { origin: origin(info) },
    data: { email, password: "correct-horse-1" },
  });
  expect(login.status()).toBe(200);
  await page.goto("/admin/orders");
  await page.getByRole("link", { name: "My store" }).click();
  await expect(page.getByRole("heading", { name: "My store", level: 1 })).toBeVisible();
  // Not the staff's content screens.
  await expect(page.getByRole("link", { name: "Content" })).toHaveCount(0);
  const text = `Family-run since 1987 (${Date.now()})`;
  await page.getByLabel("Description").fill(text);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Your store page shows the new description.");
  await snapshot(page, info, "vendor-my-store");
  await page.goto(`/stores/${slug}`);
  await expect(page.getByText(text)).toBeVisible();
});
