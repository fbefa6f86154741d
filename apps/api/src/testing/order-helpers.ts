import type { TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { addToCart, send, type TestVariant } from "./cart-helpers.ts";

/** A typed delivery address (guests, or users not using the address book). */
export const ADDRESS = {
  fullName: "Ayesha Khan",
  phone: "03001234567",
  province: "Sindh",
  city: "Karachi",
  address: "House 12, Street 4, DHA Phase 5",
  zip: "75500",
};

export const placeOrder = (
  t: TestApp,
  who: Record<string, string>,
  body: Record<string, unknown> = { address: ADDRESS, paymentMethod: "COD" },
) => send(t, "POST", "/api/orders", who, body);

/** Fills `who`'s cart with the variant and places a COD order. */
export async function buy(t: TestApp, who: Record<string, string>, v: TestVariant, qty = 1) {
  const add = await addToCart(t, who, v, qty);
  if (add.statusCode !== 200) throw new Error(`add failed: ${add.body}`);
  const res = await placeOrder(t, who);
  if (res.statusCode !== 200) throw new Error(`order failed: ${res.body}`);
  return res.json();
}

export const countOrders = async (t: TestApp, where = sql`true`) =>
  Number(
    (
      (await t.database.db.execute(sql`select count(*)::int as n from orders where ${where}`))
        .rows[0] as { n: number }
    ).n,
  );

/** The last SMS the dev outbox holds for a phone. */
export async function lastSms(t: TestApp, phone: string) {
  // Messages are jobs: wait for the queue to send what the requests so far enqueued.
  await t.app.domains.jobs.drain();
  const { rows } = await t.database.db.execute(
    sql`select body from dev_outbox where channel = 'sms' and recipient = ${phone} order by created_at desc limit 1`,
  );
  return (rows[0] as { body: string } | undefined)?.body ?? "";
}
