import { expect as baseExpect, test } from "@playwright/test";
import { adminPage, deliverOrder, shopperOrder } from "./admin-helpers.ts";
import { productWithStock, signUp } from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { freshContext, horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * Reviews (issue #16, decision 051) in a real browser, on a phone and a desktop: a shopper's
 * order is delivered (staff, through the admin endpoints); the shopper follows the review link
 * signed out, logs in through the dialog, writes a review with a photo (its title with HTML);
 * staff publish it and reply from /admin/reviews; the product page shows it, escaped, with the
 * photo, the reply and the rating summary.
 */
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** An 8×8 red PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4ISeHFTEMLQkAkL9BAaxyLUcAAAAASUVORK5CYII=",
  "base64",
);

test("a delivered item is reviewed with a photo, published by staff and shown on the product page", async ({
  page,
  browser,
}, info) => {
  const email = await signUp(page, info, "review-journey");
  const product = await productWithStock(260 + (info.project.name === "phone" ? 0 : 1), 20);
  const order = await shopperOrder(page, info, product);
  const admin = await adminPage(browser, info);
  await deliverOrder(admin, info, order._id);
  const itemId = await withShopDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      "select id from order_items where order_id = $1 and not gift limit 1",
      [order._id],
    );
    return rows[0]?.id ?? "";
  });

  // The review link, signed out: the login dialog, then back to the form.
  const context = await freshContext(browser, info);
  const shopper = await context.newPage();
  await shopper.goto(`/review/${itemId}`);
  const dialog = shopper.getByRole("dialog", { name: "Log in to write your review" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Log in with the account you ordered with");
  await snapshot(shopper, info, "review-login-dialog");
  await dialog.getByLabel("E-mail or phone").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("correct-horse-1");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await shopper.waitForURL((url) => url.pathname === `/review/${itemId}`);
  await expect(shopper.getByRole("heading", { name: "Write a review" })).toBeVisible();
  await shopper.waitForLoadState("networkidle");

  // Nothing filled in: the schema's messages beside the fields, nothing written.
  await shopper.getByRole("button", { name: "Submit review" }).click();
  await expect(shopper.locator("#rating-error")).toHaveText("Choose a rating from 1 to 5 stars");
  await expect(shopper.locator("#title-error")).toHaveText("Give your review a title");

  const title = `<b>Comfy</b> <img src=x onerror=alert(1)> ${info.project.name}`;
  await shopper.getByLabel("4 stars").check();
  // The labels hold the messages too: matched by how they start.
  await shopper.getByRole("textbox", { name: /^Title/ }).fill(title);
  await shopper
    .getByRole("textbox", { name: /^Your review/ })
    .fill("True to size.\nThe sole grips well on wet roads.");
  await shopper
    .getByLabel(/Add photos/)
    .setInputFiles({ name: "shoe.png", mimeType: "image/png", buffer: PNG });
  await snapshot(shopper, info, "review-form");
  await shopper.getByRole("button", { name: "Submit review" }).click();
  await shopper.waitForURL(/\/my\/reviews\/[0-9a-f-]+\?written=1$/);
  await expect(shopper.getByRole("status")).toHaveText(
    "Thank you! Your review will appear once we have checked it.",
  );
  await expect(shopper.getByText("Waiting for our check")).toBeVisible();
  await expect(shopper.getByRole("img", { name: "Your photo" })).toBeVisible();
  await snapshot(shopper, info, "my-review-pending");
  expect(await horizontalOverflow(shopper)).toBeLessThanOrEqual(0);
  await shopper.goto("/my/reviews");
  await expect(shopper.getByRole("link", { name: title })).toBeVisible();
  await snapshot(shopper, info, "my-reviews");

  // Staff: the queue, publish, reply as the shop.
  await admin.goto("/admin/reviews");
  const card = admin.getByTestId("admin-review").filter({ hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Publish" }).click();
  await expect(admin.getByRole("status")).toHaveText("The review is published.");
  await admin.goto("/admin/reviews?status=published");
  const published = admin.getByTestId("admin-review").filter({ hasText: title });
  await published.getByLabel("Reply as the shop").fill("Thank you, Hina! Enjoy your runs.");
  await published.getByRole("button", { name: "Save reply" }).click();
  await expect(published.getByText("Thank you, Hina! Enjoy your runs.").first()).toBeVisible();
  await snapshot(admin, info, "admin-reviews");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  // The product page: the review, escaped, with its photo and the shop's reply.
  await shopper.goto(`/${product.slug}`);
  const reviews = shopper.getByRole("region", { name: "Ratings and reviews" });
  await reviews.scrollIntoViewIfNeeded();
  const item = reviews.getByRole("listitem").filter({ hasText: title });
  await expect(item.locator(".review-item__title")).toHaveText(title);
  await expect(item.locator(".review-item__title b, .review-item__title img")).toHaveCount(0);
  await expect(item.getByRole("img", { name: /^Photo from Hina/ })).toBeVisible();
  await expect(item).toContainText("Reply from Maidan");
  await expect(item).toContainText("Verified purchase");
  await expect(reviews.getByLabel("Ratings by stars")).toBeVisible();
  const ld = await shopper.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.join("")).toContain('"@type":"Review"');
  // One's own review cannot be voted helpful: the shop says so beside the button.
  await shopper.waitForLoadState("networkidle");
  await item.getByRole("button", { name: /^Helpful/ }).click();
  await expect(item.getByRole("status")).toHaveText("You cannot vote for your own review.");
  await reviews.scrollIntoViewIfNeeded();
  await shopper.screenshot({ path: info.outputPath(`product-reviews-${info.project.name}.png`) });
  await snapshot(shopper, info, "product-page-reviews");
  expect(await horizontalOverflow(shopper)).toBeLessThanOrEqual(0);
  await context.close();
  await admin.context().close();
});
