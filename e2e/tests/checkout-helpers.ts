import type { Page } from "@playwright/test";
import { withShopDb } from "./db.ts";

/** Fixtures and steps shared by the checkout specs. */

/**
 * The `offset`-th active product (by slug) that matches `where` (default: under Rs. 20,000),
 * with every variant set to `stock` units and active.
 */
export async function productWithStock(offset: number, stock: number, where = "p.price < 20000") {
  return withShopDb(async (db) => {
    const { rows } = await db.query<{ slug: string; id: string }>(
      `select p.slug, p.id from products p where p.active and ${where}
       order by p.slug offset $1 limit 1`,
      [offset],
    );
    const row = rows[0];
    if (!row) throw new Error("no product");
    await db.query("update variants set stock = $2, active = true where product_id = $1", [
      row.id,
      stock,
    ]);
    return row;
  });
}

export const stockSum = (productId: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{ n: number }>(
      "select sum(stock)::int as n from variants where product_id = $1",
      [productId],
    );
    return rows[0]?.n ?? 0;
  });

export const lastCode = (phone: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{ body: string }>(
      `select body from dev_outbox where channel = 'sms' and recipient = $1 order by created_at desc limit 1`,
      [phone],
    );
    return rows[0]?.body.match(/code (\d{6})/)?.[1] ?? "";
  });

export async function fillAddress(page: Page, phone: string) {
  await page.getByLabel("Full name").fill("Ayesha Khan");
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByLabel("Province").selectOption("Sindh");
  // A label wrapping a select is named with its chosen option too: find these by field name.
  await page.locator('.checkout-form select[name="city"]').selectOption("Karachi");
  await page
    .locator('.checkout-form input[name="address"]')
    .fill("House 12, Street 4, DHA Phase 5");
}

/** Credits a user's wallet as a top-up would: entry and balance together. */
export const creditWallet = (email: string, amount: number) =>
  withShopDb(async (db) => {
    await db.query(
      "insert into wallets (user_id) select id from users where email = $1 on conflict do nothing",
      [email],
    );
    await db.query(
      `with w as (select w.id from wallets w join users u on u.id = w.user_id where u.email = $1)
       insert into wallet_entries (wallet_id, amount, kind, reference, remark)
       select id, $2, 'credit', 'e2e', 'Test credit' from w`,
      [email, amount],
    );
    await db.query(
      "update wallets set balance = balance + $2 where user_id = (select id from users where email = $1)",
      [email, amount],
    );
  });

export const walletBalance = (email: string) =>
  withShopDb(async (db) => {
    const { rows } = await db.query<{ balance: number }>(
      "select w.balance from wallets w join users u on u.id = w.user_id where u.email = $1",
      [email],
    );
    return rows[0]?.balance ?? 0;
  });
