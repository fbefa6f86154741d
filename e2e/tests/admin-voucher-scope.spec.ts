import { expect, test } from "@playwright/test";
import { adminPage } from "./admin-helpers.ts";
import {
  addFromProductPage,
  amountOf,
  chooseDelivery,
  choosePayment,
  enterAddress,
  productName,
  productWithStock,
  rs,
  signUp,
} from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { snapshot } from "./helpers.ts";

/**
 * A voucher with a scope (decision 064): staff make one for a single category at
 * /admin/vouchers (the product picker shown on the way), a shopper applies it to a cart with a
 * product of that category and one of another, and the cash-on-delivery order takes 10% of the
 * first only.
 */
// No demo promotion applies to these: not clothing nor team sports (nor their subcategories),
// and under the gift's threshold.
const NO_PROMOTION = `p.price between 500 and 4000 and p.category_id not in (
  with recursive t(id) as (
    select id from categories where slug in
      ('men-clothing', 'women-clothing', 'kids-clothing', 'accessories-equipment-team-sports')
    union select c.id from categories c join t on c.parent_id = t.id)
  select id from t)`;

test("a category voucher takes off its category's lines only", async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const phone = info.project.name === "phone";
  const code = `SCOPE${phone ? "P" : "D"}${Date.now().toString(36).toUpperCase()}`;
  // One pair of products per project (a product another journey also takes keeps enough stock).
  const inScope = await productWithStock(phone ? 20 : 10, 5, NO_PROMOTION);
  const category = await withShopDb(async (db) => {
    const { rows } = await db.query<{ id: string; name: string }>(
      `select c.id, c.name from products p join categories c on c.id = p.category_id
       where p.id = $1`,
      [inScope.id],
    );
    const row = rows[0];
    if (!row) throw new Error("no category");
    return row;
  });
  const outOfScope = await productWithStock(
    phone ? 21 : 11,
    5,
    `${NO_PROMOTION} and p.category_id <> '${category.id}'`,
  );
  const otherName = await productName(outOfScope.id);

  const admin = await adminPage(browser, info);
  await admin.goto("/admin/vouchers");
  await expect(admin.getByRole("heading", { name: "Vouchers", level: 1 })).toBeVisible();
  await admin.waitForLoadState("networkidle");
  const form = admin.getByRole("form", { name: "New voucher" });

  // The picker first: a product found by name, chosen, shown by name with Remove.
  await form.getByLabel("Applies to").selectOption("product");
  const search = form.getByLabel("Find a product by name or SKU");
  await search.fill(otherName.slice(0, 12));
  const match = form.getByRole("list", { name: "Products: matches" }).getByRole("button").first();
  await expect(match).toBeVisible();
  await search.press("Enter");
  const chosen = form.getByRole("list", { name: "Products: chosen" });
  await expect(chosen.getByRole("listitem")).toHaveCount(1);
  await expect(chosen.getByRole("button", { name: /^Remove / })).toBeVisible();
  await snapshot(admin, info, "admin-voucher-form-picker");
  await chosen.getByRole("button", { name: /^Remove / }).click();
  await expect(form.getByText("None chosen yet.")).toBeVisible();

  // The voucher: 10% off the category's lines.
  await form.getByLabel("Applies to").selectOption("category");
  await form.getByLabel("Categories (with their subcategories)").selectOption(category.id);
  await form.getByLabel("Code").fill(code);
  await form.getByLabel("Description (shown to shoppers)").fill(`10% off ${category.name}`);
  await form.getByLabel("Kind").selectOption("percent");
  await form.getByLabel("Amount (Rs. or %)").fill("10");
  await snapshot(admin, info, "admin-voucher-form-scope");
  await form.getByRole("button", { name: "Make the voucher" }).click();
  await expect(admin.getByRole("status")).toHaveText(`Voucher ${code} is made.`);
  await expect(admin.getByRole("row").filter({ hasText: code })).toContainText(category.name);

  const email = await signUp(page, info, `voucher-scope-${phone ? "p" : "d"}`);
  await addFromProductPage(page, inScope.slug);
  // Waits for the count of two: with the default (1) it returned before the second add landed.
  await addFromProductPage(page, outOfScope.slug, 2);
  const prices = await withShopDb(async (db) => {
    const { rows } = await db.query<{ product_id: string; price: number; qty: number }>(
      `select v.product_id, v.price, ci.qty from cart_items ci join carts c on c.id = ci.cart_id
       join users u on u.id = c.user_id join variants v on v.id = ci.variant_id where u.email = $1`,
      [email],
    );
    return rows;
  });
  const subtotal = prices.reduce((n, r) => n + r.price * r.qty, 0);
  const scoped = prices
    .filter((r) => r.product_id === inScope.id)
    .reduce((n, r) => n + r.price * r.qty, 0);
  const off = Math.floor(scoped / 10);
  expect(scoped).toBeGreaterThan(0);
  expect(subtotal).toBeGreaterThan(scoped);

  await page.goto("/checkout");
  await page.getByLabel("Voucher code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(`Voucher ${code} applied`)).toBeVisible();
  await expect(amountOf(page, `Voucher ${code}`)).toHaveText(`−${rs(off)}`);
  await enterAddress(page, "03455555557");
  await chooseDelivery(page);
  await choosePayment(page);
  await expect(amountOf(page, `Voucher ${code}`)).toHaveText(`−${rs(off)}`);
  await snapshot(page, info, "checkout-scoped-voucher");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/order-success\?id=[0-9a-f-]+/);
  const placed = await withShopDb(async (db) => {
    const { rows } = await db.query<{
      subtotal: number;
      discount: number;
      shipping: number;
      total: number;
      payment_method: string;
    }>(
      `select sum(o.subtotal)::int as subtotal, sum(o.discount)::int as discount,
         sum(o.shipping)::int as shipping, sum(o.total)::int as total,
         min(o.payment_method) as payment_method
       from orders o where o.checkout_id = (select o2.checkout_id from orders o2
         join users u on u.id = o2.user_id where u.email = $1 order by o2.created_at desc limit 1)`,
      [email],
    );
    return rows[0];
  });
  expect(placed).toMatchObject({ subtotal, discount: off, payment_method: "COD" });
  expect(placed?.total).toBe(subtotal - off + (placed?.shipping ?? 0));
});
