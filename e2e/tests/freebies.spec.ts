import { expect, test } from "@playwright/test";
import { addFromProductPage, productWithStock, signUp, toReview } from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/** The first-order campaign's free products, each variant with `stock` units. */
const stockFreebie = (slug: string, stock: number) =>
  withShopDb((db) =>
    db.query(
      `update variants set stock = $2, active = true where product_id in (
        select i.product_id from freebie_items i join freebies f on f.id = i.freebie_id
        where f.slug = $1)`,
      [slug, stock],
    ),
  );

test.describe("freebies", () => {
  test("/freebies → a freebie → one of its free products", async ({ page }, info) => {
    await page.goto("/freebies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Freebies");
    const first = page.locator(".freebie-card").first();
    await expect(first).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, info, "freebies");

    const title = (await first.locator("h2").textContent())?.trim() ?? "";
    await first.getByRole("link").click();
    await expect(page).toHaveURL(/\/freebies\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { name: "Terms" })).toBeVisible();
    await expect(page.locator(".freebie-terms li").first()).toBeVisible();
    // Anonymous: the page offers to sign in instead of guessing whether the cart qualifies.
    await expect(page.getByRole("status")).toContainText("to see whether your cart qualifies");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, info, "freebie");

    const product = page.locator(".freebie-products .product-tile").first();
    await expect(product).toContainText("Free");
    const name = (await product.locator(".product-tile__name").textContent())?.trim() ?? "";
    await product.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("a signed-in shopper is told how far the cart is from the minimum", async ({
    page,
    baseURL,
  }) => {
    const email = `freebie-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const signup = await page.request.post("/api/auth/signup", {
      data: { firstName: "Sana", lastName: "Iqbal", email, password: "freebie-pass-1" },
      headers: { origin: baseURL ?? "" },
    });
    expect(signup.ok()).toBe(true);
    await page.goto("/freebies/eid-gift");
    await expect(page.getByRole("status")).toHaveText(
      "Add Rs. 5,000 more to your cart to qualify (your cart: Rs. 0).",
    );
  });

  test("an unknown or malformed freebie is the shop's 404", async ({ page }) => {
    for (const path of ["/freebies/no-such-freebie", "/freebies/Bad%20Id"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
    }
  });

  test("claim a freebie, see it in the next order at Rs. 0 and on /myfreebies", async ({
    page,
  }, info) => {
    await stockFreebie("first-order-bag", 50);
    const product = await productWithStock(info.project.name === "phone" ? 30 : 31, 5);
    await signUp(page, info, "freebie-claim");
    await page.goto("/freebies/first-order-bag");
    // A first order, no minimum: the shopper qualifies with an empty cart and picks the bag.
    const form = page.getByRole("form", { name: "Claim your free product" });
    await expect(form).toBeVisible();
    const pick = form.getByRole("radio").first();
    await expect(pick).toBeChecked();
    const picked = ((await pick.locator("xpath=..").textContent()) ?? "").split("(")[0]?.trim();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, info, "freebie-claim");
    await form.getByRole("button", { name: "Claim it free" }).click();

    await expect(page).toHaveURL(/\/myfreebies\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(picked ?? "");
    await expect(page.locator(".claim-state")).toHaveText("Claimed: joins your next order");
    await snapshot(page, info, "my-freebie-claimed");

    await addFromProductPage(page, product.slug);
    await toReview(page, info.project.name === "phone" ? "03455555551" : "03455555552");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/order-success\?id=/);

    await page.goto("/myfreebies");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My freebies");
    const claim = page.locator(".my-freebie").first();
    await expect(claim).toContainText(picked ?? "");
    await expect(claim.locator(".claim-state")).toHaveText(/^In your order MD-?\S+$/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, info, "my-freebies");

    await claim.getByRole("link").click();
    await expect(page.getByText(/It comes with order/)).toBeVisible();
    await page.getByRole("link", { name: /^MD-?\S+$/ }).click();
    await expect(page).toHaveURL(/\/my\/orders\/[0-9a-f-]{36}$/);
    // The order: the bought product at its price and the freebie at Rs. 0, total unchanged.
    const line = page.locator(".cart-line", { hasText: "Freebie" });
    await expect(line).toContainText(picked ?? "");
    await expect(line).toContainText("1 × Rs. 0");
    await expect(line.locator(".cart-line__total")).toHaveText("Rs. 0");
    const paid = page.locator(".cart-line").filter({ hasNotText: "Freebie" });
    await expect(paid).toHaveCount(1);
    const paidTotal = (await paid.locator(".cart-line__total").textContent()) ?? "";
    const subtotal = page
      .locator(".cart-totals dt", { hasText: "Subtotal" })
      .locator("xpath=following-sibling::dd[1]");
    await expect(subtotal).toHaveText(paidTotal);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, info, "order-with-freebie");

    // No one else's claim, and no malformed address, is a page.
    for (const path of ["/myfreebies/00000000-0000-4000-8000-000000000000", "/myfreebies/7"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
    }
  });
});
