import { expect, test } from "@playwright/test";
import { horizontalOverflow, snapshot } from "./helpers.ts";

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
});
