import { expect, test } from "@playwright/test";
import { withShopDb } from "./db.ts";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * Wishlist (issue #16): heart a product signed out → the login dialog → back on the product with
 * it saved → /wishlist → add to cart; and a tile's heart toggling when signed in.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** An active product in stock whose first variant (the one the page picks) has stock. */
async function productInStock(offset: number) {
  return withShopDb(async (db) => {
    const { rows } = await db.query<{ slug: string; name: string }>(
      `select p.slug, p.name from products p
       where p.active and exists (select 1 from variants v where v.product_id = p.id and v.active and v.stock > 5)
         and not exists (select 1 from variants v where v.product_id = p.id and v.active and v.stock = 0)
       order by p.slug limit 1 offset $1`,
      [offset],
    );
    const row = rows[0];
    if (!row) throw new Error("no product in stock");
    return row;
  });
}

test("heart signed out → login dialog → saved on the product → /wishlist → add to cart", async ({
  page,
  request,
}, info) => {
  // Signing up, signing in and the pages after it: slow on a loaded machine.
  test.setTimeout(180_000);
  const phone = info.project.name === "phone";
  const product = await productInStock(phone ? 3 : 4);
  const email = `e2e-wish-${unique()}@example.com`;
  const password = "wishlist-pass-1";
  const signup = await request.post("/api/auth/signup", {
    data: { firstName: "Sana", lastName: "Wish", email, password },
    headers: { origin: new URL(info.project.use.baseURL ?? "").origin },
  });
  expect(signup.status()).toBe(200);

  await page.goto(`/${product.slug}`);
  const heart = page.locator(".product-view__actions").getByRole("button", {
    name: "Save to wishlist",
  });
  // Live once the page's idle-time code is in: every heart then says whether it is pressed.
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await snapshot(page, info, "wishlist-heart-product");
  await heart.click();
  const dialog = page.getByRole("dialog", { name: "Log in to save to your wishlist" });
  await expect(dialog).toBeVisible();
  await snapshot(page, info, "wishlist-login-dialog");
  await dialog.getByLabel("E-mail or phone").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Log in" }).click();

  // Back on the same product, the heart set, the address tidy again.
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/${product.slug}$`));
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Saved to your wishlist").first()).toBeVisible();

  await page.goto("/wishlist");
  await expect(page.getByRole("heading", { name: "Wishlist", level: 1 })).toBeVisible();
  const list = page.getByRole("region", { name: /My wishlist/ });
  await expect(list.getByRole("link", { name: product.name })).toBeVisible();
  await expect(list.getByText("In stock").or(list.getByText(/Only \d left/))).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await snapshot(page, info, "wishlist-page");

  await list.getByRole("button", { name: `Add to cart: ${product.name}` }).click();
  await expect(page.getByText("Added to cart").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".cart-count").first()).toHaveText("1", { timeout: 20_000 });

  // A named list, and the item saved there too.
  await page.getByLabel("New list").fill("Eid gifts");
  await page.getByRole("button", { name: "Create list" }).click();
  const gifts = page.getByRole("region", { name: /Eid gifts/ });
  await expect(gifts.getByText("This list is empty.")).toBeVisible({ timeout: 20_000 });
  await list.getByRole("button", { name: "Save to list" }).click();
  await expect(gifts.getByRole("link", { name: product.name })).toBeVisible({ timeout: 20_000 });
  await snapshot(page, info, "wishlist-page-lists");

  // Removing it from the default list unsets the product page's heart.
  await list.getByRole("button", { name: `Remove ${product.name} from My wishlist` }).click();
  await expect(list.getByText("This list is empty.")).toBeVisible({ timeout: 20_000 });
  await page.goto(`/${product.slug}`);
  await expect(heart).toHaveAttribute("aria-pressed", "false");
});

test("signed in, a tile's heart saves and unsaves the product", async ({ page, request }, info) => {
  test.setTimeout(90_000);
  const email = `e2e-wish-tile-${unique()}@example.com`;
  const password = "wishlist-pass-2";
  const signup = await request.post("/api/auth/signup", {
    data: { firstName: "Ali", lastName: "Tile", email, password },
    headers: { origin: new URL(info.project.use.baseURL ?? "").origin },
  });
  expect(signup.status()).toBe(200);
  await page.goto("/account/login");
  await page.getByLabel("E-mail or phone").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/my$/, { timeout: 20_000 });

  await page.goto("/new-arrivals");
  const tile = page.locator(".product-tile").first();
  const name = (await tile.locator(".product-tile__name").textContent()) ?? "";
  const heart = tile.getByRole("button", { name: `Save ${name} to wishlist` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Saved to your wishlist").first()).toBeVisible();
  await snapshot(page, info, "wishlist-tile-hearts");
  // Still saved after a reload (the list loads on start), then unsaved.
  await page.reload();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await page.goto("/wishlist");
  await expect(page.getByText("Nothing saved yet.", { exact: false })).toBeVisible();
});
