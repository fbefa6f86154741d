import { expect, test } from "@playwright/test";
import {
  addFromProductPage,
  amountOf,
  chooseDelivery,
  choosePayment,
  creditWallet,
  enterAddress,
  productWithStock,
  rs,
  signUp,
  toReview,
} from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { snapshot } from "./helpers.ts";

/**
 * Discounts at checkout (issue #5): a voucher with a partial wallet spend, the seeded automatic
 * promotion on clothing, and the seeded free gift above Rs. 15,000. Every expected amount is
 * worked out here from the seeded prices and terms (WELCOME10: 10% up to Rs. 500 from Rs. 2,000;
 * 10% off clothing up to Rs. 2,000 from Rs. 5,000; Standard Delivery free from Rs. 3,000).
 */
/** The line the signed-in user's cart holds (the variant the page added) and its unit price. */
const cartLine = (email: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{ vid: string; price: number }>(
      `select v.id as vid, v.price from cart_items ci join carts c on c.id = ci.cart_id
       join users u on u.id = c.user_id join variants v on v.id = ci.variant_id where u.email = $1`,
      [email],
    );
    if (rows.length !== 1) throw new Error(`expected one cart line, got ${rows.length}`);
    const row = rows[0];
    if (!row) throw new Error("no cart line");
    return row;
  });

const lastOrder = (email: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{
      id: string;
      discount: number;
      promotion_discount: number;
      promotion: string | null;
      wallet_used: number;
      shipping: number;
      total: number;
    }>(
      `select o.id, o.discount, o.promotion_discount, o.promotion, o.wallet_used, o.shipping, o.total
       from orders o join users u on u.id = o.user_id where u.email = $1
       order by o.created_at desc limit 1`,
      [email],
    );
    const row = rows[0];
    if (!row) throw new Error("no order");
    return row;
  });

const inCategories = (slugs: string[]) =>
  `p.category_id in (select c.id from categories c left join categories up on up.id = c.parent_id
    where c.slug in (${slugs.map((s) => `'${s}'`).join(", ")})
       or up.slug in (${slugs.map((s) => `'${s}'`).join(", ")}))`;
/**
 * Keeps these tests' products away from those the other specs take: checkout.spec.ts takes the
 * first slugs, accounts-signin.spec.ts the last ones.
 */
const OWN_SLUGS = "p.slug >= 'g' and p.slug < 'w'";
const maxPriceBelow = (n: number) =>
  `(select max(v.price) from variants v where v.product_id = p.id) < ${n}`;

test("signed in: voucher and a partial wallet spend, COD for the rest, exact amounts on the order", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  // Shoes: no automatic promotion covers them, and under Rs. 10,000 no gift either.
  const product = await productWithStock(
    info.project.name === "phone" ? 0 : 1,
    5,
    `${OWN_SLUGS} and ${inCategories(["men-shoes", "women-shoes"])} and p.price >= 4000 and ${maxPriceBelow(10000)}`,
  );
  const email = await signUp(page, info, "voucher");
  await creditWallet(email, 1000);
  await addFromProductPage(page, product.slug);
  const { price } = await cartLine(email);
  const voucher = Math.min(Math.floor(price / 10), 500);
  const total = price - voucher; // Standard Delivery is free: the total is over Rs. 3,000.
  const due = total - 1000;

  // The voucher box sits with the cart, at every step before the review.
  await page.goto("/checkout");
  await page.getByLabel("Voucher code").fill("welcome10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Voucher WELCOME10 applied")).toBeVisible();
  await expect(amountOf(page, "Voucher WELCOME10")).toHaveText(`−${rs(voucher)}`);
  await enterAddress(page, "03455555555");
  await chooseDelivery(page);
  // The wallet is part of paying: step three.
  await page.getByRole("button", { name: "Use wallet balance" }).click();
  await expect(amountOf(page, "Paid from wallet")).toHaveText(`−${rs(1000)}`);
  await expect(amountOf(page, /^Total$/)).toHaveText(rs(total));
  await expect(amountOf(page, "To pay")).toHaveText(rs(due));
  await snapshot(page, info, "checkout-voucher-wallet");
  await choosePayment(page);
  // The review repeats the server's amounts before the order is placed.
  await expect(amountOf(page, "Voucher WELCOME10")).toHaveText(`−${rs(voucher)}`);
  await expect(amountOf(page, "Paid from wallet")).toHaveText(`−${rs(1000)}`);
  await expect(amountOf(page, "To pay")).toHaveText(rs(due));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(new RegExp(`/order-success\\?id=[0-9a-f-]+&amount=${due}$`));
  const order = await lastOrder(email);
  expect(order).toMatchObject({
    discount: voucher,
    promotion_discount: 0,
    wallet_used: 1000,
    shipping: 0,
    total: due,
  });
  await page.getByRole("link", { name: "See your order" }).click();
  await expect(page.getByRole("heading", { name: /^Order MD-\d+/ })).toBeVisible();
  await expect(amountOf(page, "Subtotal")).toHaveText(rs(price));
  await expect(amountOf(page, "Voucher")).toHaveText(`−${rs(voucher)}`);
  await expect(amountOf(page, /^Total$/)).toHaveText(rs(total));
  await expect(amountOf(page, "Paid from wallet")).toHaveText(`−${rs(1000)}`);
  await expect(amountOf(page, "Amount due")).toHaveText(rs(due));
  await snapshot(page, info, "order-detail-voucher-wallet");
});

test("the automatic promotion on clothing shows in the cart and the order carries it", async ({
  page,
}, info) => {
  const product = await productWithStock(
    info.project.name === "phone" ? 0 : 1,
    5,
    `${OWN_SLUGS} and ${inCategories(["men-clothing", "women-clothing", "kids-clothing"])} and p.price >= 5000 and ${maxPriceBelow(15000)}`,
  );
  const email = await signUp(page, info, "promo");
  await addFromProductPage(page, product.slug);
  const { price } = await cartLine(email);
  const promo = Math.min(Math.floor(price / 10), 2000);
  const name = "Sportswear Week: 10% off clothing";

  await page.goto("/checkout");
  await expect(amountOf(page, `Promotion: ${name}`)).toHaveText(`−${rs(promo)}`);
  await expect(amountOf(page, /^Total$/)).toHaveText(rs(price - promo));
  await snapshot(page, info, "checkout-promotion");
  await toReview(page, "03466666666");
  await expect(amountOf(page, `Promotion: ${name}`)).toHaveText(`−${rs(promo)}`);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/order-success\\?id=[0-9a-f-]+&amount=${price - promo}$`),
  );
  expect(await lastOrder(email)).toMatchObject({
    discount: promo,
    promotion_discount: promo,
    promotion: name,
    total: price - promo,
  });
  await page.getByRole("link", { name: "See your order" }).click();
  await expect(amountOf(page, `Promotion: ${name}`)).toHaveText(`−${rs(promo)}`);
  await expect(amountOf(page, /^Total$/)).toHaveText(rs(price - promo));
});

test("above Rs. 15,000 the seeded free gift is a Rs. 0 line and ships with the order", async ({
  page,
}, info) => {
  const product = await productWithStock(
    info.project.name === "phone" ? 0 : 1,
    10,
    `${OWN_SLUGS} and p.price >= 5000 and not ${inCategories(["men-clothing", "women-clothing", "kids-clothing"])}`,
  );
  const gift = await withShopDb(async (db) => {
    const { rows } = await db.query<{ vid: string; name: string }>(
      `update variants v set stock = greatest(stock, 50), active = true from promotions pr, products p
       where pr.kind = 'free_gift' and v.id = pr.gift_variant_id and p.id = v.product_id
       returning v.id as vid, p.name`,
    );
    const row = rows[0];
    if (!row) throw new Error("the seed has no free gift");
    return row;
  });
  const email = await signUp(page, info, "gift");
  await addFromProductPage(page, product.slug);
  // Enough units for Rs. 15,000 (the cart's own quantity call, as the stepper would make).
  const { vid, price } = await cartLine(email);
  const set = await page.request.put(`/api/cart/items/${vid}`, {
    data: { qty: Math.ceil(15000 / price) },
    headers: { origin: info.project.use.baseURL ?? "" },
  });
  expect(set.ok()).toBe(true);
  await page.goto("/checkout");
  const line = page.getByRole("listitem", { name: `Free gift: ${gift.name}` });
  await expect(line).toBeVisible();
  await expect(line.getByText("Free gift", { exact: true })).toBeVisible();
  await expect(line.locator(".cart-line__total")).toHaveText(rs(0));
  await snapshot(page, info, "checkout-free-gift");
  await toReview(page, "03477777777");
  await expect(page.getByRole("listitem", { name: `Free gift: ${gift.name}` })).toBeVisible();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/order-success\?id=/);
  const items = await withShopDb(async (db) => {
    const { rows } = await db.query<{ variant_id: string; price: number; gift: boolean }>(
      `select i.variant_id, i.price, i.gift from order_items i where i.order_id = $1 order by i.gift`,
      [(await lastOrder(email)).id],
    );
    return rows;
  });
  expect(items).toHaveLength(2);
  expect(items[1]).toEqual({ variant_id: gift.vid, price: 0, gift: true });
  await page.getByRole("link", { name: "See your order" }).click();
  await expect(page.getByText("Free gift", { exact: true })).toBeVisible();
});
