import { CONTENT_KINDS, type ContentKind, DELETABLE } from "@maidan/contracts/admin-content";
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
 * The roles test's calls of the content operations (decision 062): a valid new record of each
 * kind (its slug made of `o`, fresh per caller), and a change or delete of an unknown id (404).
 */
export function contentOps(o: string) {
  const slug = `role-${o.slice(0, 8)}`;
  const img = "/media/banners/none.webp"; // a new slide's picture is checked: 400 for staff
  const bodies: Record<ContentKind, Record<string, unknown>> = {
    categories: { name: "Role check", slug },
    brands: { name: "Role check", slug },
    stores: { name: "Role check", slug },
    banners: { kind: "slider", img, link: "/", alt: "Role check" },
    landing: { route: slug, title: "Role check" },
    pages: { slug: `${slug}-page`, title: "Role check", body: "<p>Role check</p>" },
    "help-articles": { slug, topic: "Role check", title: "Role check", body: "<p>x</p>" },
  };
  const unknown = `${crypto.randomUUID()}`;
  const ops: Record<string, { url: string; body?: unknown; vendor: number; staff?: number }> = {};
  for (const kind of CONTENT_KINDS) {
    const url = `/api/admin/${kind}`;
    ops[`GET ${url}`] = { url, vendor: 403 };
    ops[`POST ${url}`] = {
      url,
      body: bodies[kind],
      vendor: 403,
      staff: kind === "banners" ? 400 : 201,
    };
    ops[`PUT ${url}/{id}`] = {
      url: `${url}/${unknown}`,
      body: bodies[kind],
      vendor: 403,
      staff: 404,
    };
    if (DELETABLE.includes(kind))
      ops[`DELETE ${url}/{id}`] = { url: `${url}/${unknown}`, vendor: 403, staff: 404 };
  }
  // A vendor's own store (none for these callers): listed, and another's description a 404.
  ops["GET /api/admin/stores/mine"] = { url: "/api/admin/stores/mine", vendor: 200 };
  ops["PUT /api/admin/stores/{id}/description"] = {
    url: `/api/admin/stores/${unknown}/description`,
    body: { description: "Role check" },
    vendor: 404,
    staff: 404,
  };
  ops["POST /api/admin/banners/order"] = {
    url: "/api/admin/banners/order",
    body: { kind: "slider", ids: [unknown] },
    vendor: 403,
    staff: 400,
  };
  // A picture's upload: bytes that are no picture pass the role check to the 400.
  ops["POST /api/admin/content-images"] = {
    url: "/api/admin/content-images",
    body: { kind: "banners", image: "data:image/png;base64,cm9sZSBjaGVjaw==" },
    vendor: 403,
    staff: 400,
  };
  return ops;
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
