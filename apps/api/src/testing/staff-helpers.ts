import { users } from "@maidan/db/schema-auth";
import type { TestApp } from "@maidan/server/testing/test-app";
import { eq, sql } from "drizzle-orm";
import { bearer, post, signUp } from "./auth-helpers.ts";
import { send, type TestVariant } from "./cart-helpers.ts";
import { buy } from "./order-helpers.ts";

/** A signed-in account's headers. */
export const loginAs = async (t: TestApp, email: string, password: string) =>
  bearer((await post(t, "/api/auth/local", { email, password })).json().token);

/** A new account given a staff role, with its headers. */
export async function staffAccount(t: TestApp, role: "manager" | "vendor") {
  const u = await signUp(t);
  await t.database.db.update(users).set({ role }).where(eq(users.id, u.id));
  return { ...u, headers: await loginAs(t, u.email, u.password) };
}

/** Makes `ownerId` the owner of the store that sells product `productId`. */
export const ownStoreOf = (t: TestApp, ownerId: string, productId: string) =>
  t.database.db.execute(
    sql`update vendors set owner_id = ${ownerId} where id = (select vendor_id from products where id = ${productId})`,
  );

/** The seeded admin, a new manager, a new vendor and a new shopper, each with their headers. */
export async function everyRole(t: TestApp) {
  const v = await staffAccount(t, "vendor");
  return {
    admin: await loginAs(t, "admin@test.pk", "admin-pass-123"),
    manager: (await staffAccount(t, "manager")).headers,
    vendor: v.headers,
    vendorId: v.id,
    shopper: bearer((await signUp(t)).token),
  };
}

/** A COD order of `qty` units bought by `who`, moved to delivered by `staff` (paid at the door). */
export async function deliveredOrder(
  t: TestApp,
  who: Record<string, string>,
  v: TestVariant,
  qty: number,
  staff: Record<string, string>,
) {
  const id = (await buy(t, who, v, qty)).orders[0]._id as string;
  for (const body of [
    { action: "confirm" },
    { action: "pack" },
    { action: "ship", courier: "TCS", trackingNo: "TCS-1234567" },
    { action: "deliver" },
  ]) {
    const res = await send(t, "POST", `/api/admin/orders/${id}/transition`, staff, body);
    if (res.statusCode !== 200) throw new Error(`${body.action}: ${res.body}`);
  }
  return id;
}

/**
 * `good` sent once with each bad change: the answers that were not a 400 whose message contains
 * the words given, and how many rows `count` gained meanwhile (0: nothing written).
 */
export async function refusals(
  send: (body: Record<string, unknown>) => Promise<{ statusCode: number; json(): unknown }>,
  good: Record<string, unknown>,
  bad: [Record<string, unknown>, string][],
  count: () => Promise<number>,
) {
  const before = await count();
  const wrong: { change: Record<string, unknown>; status: number; message: unknown }[] = [];
  for (const [change, says] of bad) {
    const res = await send({ ...good, ...change });
    const message = (res.json() as { message?: unknown }).message;
    if (res.statusCode !== 400 || typeof message !== "string" || !message.includes(says))
      wrong.push({ change, status: res.statusCode, message });
  }
  return { wrong, written: (await count()) - before };
}
