import { expect, type Page, type TestInfo, test } from "@playwright/test";
import {
  addFromProductPage,
  amountOf,
  chooseDelivery,
  choosePayment,
  enterAddress,
  fillAddress,
  productName,
  productWithStock,
  rs,
  signUp,
  toReview,
  visibleCartCount,
} from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { snapshot } from "./helpers.ts";

/**
 * The checkout's steps and the cart around them (issue #5): step one's saved addresses and the
 * address book form opened directly, the address's city choosing the shipping methods and
 * totals, skipping ahead, the cart's own buttons and stock message, tax as the settings show it,
 * the listing tiles' add to cart, and the account pages that list vouchers and recent orders.
 * Products come from the first slugs (checkout.spec.ts takes offsets 3 to 8 of the same list).
 */
const slot = (info: TestInfo, n: number) => n * 2 + (info.project.name === "phone" ? 0 : 1);
const EARLY = "p.slug < 'g' and p.price < 20000";

const saveAddress = async (page: Page, info: TestInfo, at: Record<string, unknown>) => {
  const res = await page.request.post("/api/addresses", {
    data: { fullName: "Hina Aslam", phone: "03001112233", address: "Plot 7, Main Road", ...at },
    headers: { origin: info.project.use.baseURL ?? "" },
  });
  expect(res.ok(), await res.text()).toBe(true);
};

test("skipping ahead without an address goes back to step one", async ({ page }, info) => {
  const product = await productWithStock(slot(info, 5), 3, EARLY);
  await addFromProductPage(page, product.slug);
  for (const path of ["/checkout?step=four", "/checkout/payments", "/checkout?step=two"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("heading", { name: "Delivery address" })).toBeVisible();
  }
});

test("saved addresses: the chosen address's city decides the shipping methods and totals; /add saves to the address book", async ({
  page,
}, info) => {
  // Sign-up, two saved addresses and four checkout steps, twice: over 30 s on a loaded machine.
  test.setTimeout(90_000);
  const product = await productWithStock(slot(info, 6), 3, EARLY);
  await signUp(page, info, "saved");
  await saveAddress(page, info, { province: "Balochistan", city: "Quetta", isDefault: true });
  await saveAddress(page, info, { province: "Sindh", city: "Karachi", address: "Flat 3, Clifton" });
  await addFromProductPage(page, product.slug);

  // Opened directly: the saved addresses, the default one chosen.
  await page.goto("/checkout/changeShippingAddress");
  await expect(page.getByRole("heading", { name: "Delivery address" })).toBeVisible();
  const quetta = page.getByRole("radio", { name: /Quetta/ });
  await expect(quetta).toBeChecked();
  await snapshot(page, info, "checkout-saved-addresses");
  await page.getByRole("button", { name: "Deliver to this address" }).click();
  await expect(page).toHaveURL(/\/checkout\?step=two$/);
  // Quetta is served by Standard Delivery only.
  await expect(page.getByRole("radio")).toHaveCount(1);
  await expect(page.getByRole("radio", { name: /Standard Delivery/ })).toBeChecked();

  await page.getByRole("link", { name: "Change the delivery address" }).click();
  await expect(page).toHaveURL(/\/checkout\/changeShippingAddress$/);
  await page.getByRole("radio", { name: /Karachi/ }).check();
  await page.getByRole("button", { name: "Deliver to this address" }).click();
  await expect(page.getByRole("radio")).toHaveCount(3);
  await chooseDelivery(page, /Same Day Karachi/);
  await choosePayment(page);
  await expect(page.locator(".review")).toContainText("Same Day Karachi (Maidan Riders, 0 days)");
  await expect(amountOf(page, "Shipping (Same Day Karachi)", ".review")).toHaveText(rs(600));

  // The add form opened directly, for a new address that goes to the book.
  await page.goto("/checkout/changeShippingAddress/add");
  await expect(page.getByRole("heading", { name: "Add a delivery address" })).toBeVisible();
  await snapshot(page, info, "checkout-add-address");
  await enterAddress(page, "03004445566", { province: "Punjab", city: "Lahore" });
  await expect(page.getByText("Lahore, Punjab")).toBeVisible();
  await expect(page.getByRole("radio", { name: /Same Day Karachi/ })).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /Express Delivery/ })).toBeVisible();
  const book = await page.request.get("/api/addresses");
  expect((await book.json()).map((a: { city: string }) => a.city).sort()).toEqual([
    "Karachi",
    "Lahore",
    "Quetta",
  ]);
  await chooseDelivery(page, /Express Delivery/);
  await choosePayment(page);
  await expect(amountOf(page, "Shipping (Express Delivery)", ".review")).toHaveText(rs(450));
  const toPay = await amountOf(page, "To pay", ".review").textContent();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/order-success\?id=/);
  // The order was priced with the same city as the review.
  const amount = Number(new URL(page.url()).searchParams.get("amount"));
  expect(rs(amount)).toBe(toPay);
  await page.getByRole("link", { name: "See your order" }).click();
  await expect(page.locator("address")).toContainText("Lahore, Punjab");
  await expect(amountOf(page, "Shipping (Express Delivery)")).toHaveText(rs(450));
});

test("the cart's −, + and Remove, and the stock limit from the cart itself", async ({
  page,
}, info) => {
  const product = await productWithStock(slot(info, 7), 2, EARLY);
  await addFromProductPage(page, product.slug);
  await page.goto("/checkout");
  await page.waitForLoadState("networkidle");
  const line = page.locator(".checkout__summary .cart-line").first();
  const qty = line.getByLabel("Quantity");
  await expect(qty).toHaveText("1");
  await line.getByRole("button", { name: /^One more / }).click();
  await expect(qty).toHaveText("2");
  await expect(page.getByText("Quantity updated").first()).toBeVisible();
  await line.getByRole("button", { name: /^One more / }).click();
  await expect(page.getByText("Only 2 left in stock").first()).toBeVisible();
  await expect(qty).toHaveText("2");
  await snapshot(page, info, "cart-stock-limit");
  await line.getByRole("button", { name: /^One less / }).click();
  await expect(qty).toHaveText("1");
  await line.getByRole("button", { name: /^Remove / }).click();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});

test("a bag's sales tax (the seeded 18%) shows in the cart, the review and the order", async ({
  page,
}, info) => {
  const product = await productWithStock(
    info.project.name === "phone" ? 0 : 1,
    3,
    "p.category_id = (select id from categories where slug = 'accessories-equipment-bags') and p.price < 20000",
  );
  await signUp(page, info, "tax");
  await addFromProductPage(page, product.slug);
  const price = await withShopDb(async (db) => {
    const { rows } = await db.query<{ price: number }>(
      "select min(price)::int as price from variants where product_id = $1",
      [product.id],
    );
    return rows[0]?.price ?? 0;
  });
  const tax = Math.round((price * 1800) / 11800);
  await page.goto("/checkout");
  await expect(amountOf(page, "Includes sales tax", ".checkout__summary")).toHaveText(rs(tax));
  await toReview(page, "03005556677");
  await expect(amountOf(page, "Includes sales tax", ".review")).toHaveText(rs(tax));
  await snapshot(page, info, "checkout-review-tax");
  await page.getByRole("button", { name: "Place order" }).click();
  await page.getByRole("link", { name: "See your order" }).click();
  await expect(amountOf(page, "Includes sales tax")).toHaveText(rs(tax));
});

test("listing tiles: a one-variant product goes in the cart from its tile; one with options opens its page", async ({
  page,
}, info) => {
  // One-variant products are few (one size, one colour): take them from the whole catalogue.
  const one = await productWithStock(
    info.project.name === "phone" ? 0 : 1,
    5,
    "p.price < 20000 and (select count(*) from variants v where v.product_id = p.id) = 1",
  );
  const many = await productWithStock(
    slot(info, 8),
    5,
    `${EARLY} and (select count(*) from variants v where v.product_id = p.id) > 1`,
  );
  const oneName = await productName(one.id);
  await page.goto(`/search/${encodeURIComponent(oneName)}`);
  await page.waitForLoadState("networkidle");
  await expect(visibleCartCount(page)).toHaveText("0");
  await page.getByRole("button", { name: `Add to cart: ${oneName}` }).click();
  await expect(visibleCartCount(page)).toHaveText("1");
  await expect(page).toHaveURL(/\/search\//);
  const cart = await (await page.request.get("/api/cart")).json();
  expect(cart.items.map((i: { product: { _id: string } }) => i.product._id)).toEqual([one.id]);
  await snapshot(page, info, "listing-tile-added");
  // The last unit is in the cart: the next tap opens the product page, which says so.
  await withShopDb((db) =>
    db.query("update variants set stock = 1 where product_id = $1", [one.id]),
  );
  await page.getByRole("button", { name: `Add to cart: ${oneName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${one.slug}$`));

  const manyName = await productName(many.id);
  await page.goto(`/search/${encodeURIComponent(manyName)}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: `Add to cart: ${manyName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${many.slug}$`));
  await expect(visibleCartCount(page)).toHaveText("1");
});

test("/my/vouchers lists the shopper's vouchers and /my shows the recent orders", async ({
  page,
}, info) => {
  const product = await productWithStock(slot(info, 9), 3, EARLY);
  await signUp(page, info, "account");
  await page.goto("/my/vouchers");
  await expect(page.getByRole("heading", { name: "My vouchers" })).toBeVisible();
  await expect(page.locator(".voucher-card", { hasText: "WELCOME10" })).toContainText(
    "10% off (up to Rs. 500)",
  );
  await snapshot(page, info, "my-vouchers");
  await page.goto("/my");
  await expect(page.getByText("No orders yet.")).toBeVisible();
  await addFromProductPage(page, product.slug);
  await page.goto("/checkout");
  await fillAddress(page, "03006667788");
  await page.getByRole("button", { name: "Save address" }).click();
  await chooseDelivery(page);
  await choosePayment(page);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/order-success\?id=/);
  const id = (new URL(page.url()).searchParams.get("id") ?? "").split(",")[0];
  await page.goto("/my");
  const recent = page.locator(`a[href="/my/orders/${id}"]`);
  await expect(recent).toBeVisible();
  await expect(recent).toHaveText(/^MD-\d+/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every step is a form post: tile to cart, address, delivery, payment, review, order", async ({
    page,
  }, info) => {
    const product = await productWithStock(
      info.project.name === "phone" ? 2 : 3,
      5,
      "p.price < 20000 and (select count(*) from variants v where v.product_id = p.id) = 1",
    );
    const name = await productName(product.id);
    await page.goto(`/search/${encodeURIComponent(name)}`);
    // Without scripts the tile's post opens the cart.
    await page.getByRole("button", { name: `Add to cart: ${name}` }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.locator(".checkout__summary .cart-line")).toHaveCount(1);
    await fillAddress(page, "03007778899");
    await page.getByRole("button", { name: "Continue to delivery" }).click();
    await expect(page).toHaveURL(/\/checkout\?step=two$/);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/\/checkout\/payments$/);
    await expect(page.getByLabel("Cash on delivery")).toBeChecked();
    await page.getByRole("button", { name: "Continue to review" }).click();
    await expect(page).toHaveURL(/\/checkout\?step=four$/);
    await snapshot(page, info, "checkout-review-no-js");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/order-success-guest\?id=[0-9a-f-]+&amount=\d+/);
  });
});
