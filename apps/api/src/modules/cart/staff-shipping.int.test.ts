import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, guest, pickVariants, send, setStock } from "../../testing/cart-helpers.ts";
import { everyRole, refusals } from "../../testing/staff-helpers.ts";

/**
 * The shipping table by city in the back-office (decision 061): admins only, bad rows refused
 * with nothing written, and a change seen by the cart's next pricing although it is cached.
 */
let t: TestApp;
let roles: Awaited<ReturnType<typeof everyRole>>;
beforeAll(async () => {
  t = await createTestApp({ products: 2, env: { CACHE_TTL_MS: "60000" } });
  roles = await everyRole(t);
});
afterAll(() => t?.close());

const METHOD = {
  name: "Quetta Express",
  carrier: "TCS",
  charge: 333,
  etaDays: "4-6",
  cities: ["Quetta"],
};
const count = async () =>
  (
    (await t.database.db.execute(sql`select count(*)::int as n from shipping_methods`)).rows[0] as {
      n: number;
    }
  ).n;

describe("admin shipping table", () => {
  it("a method added or switched off reaches the cart's shipping choices at once", async () => {
    const who = guest();
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 10);
    expect((await addToCart(t, who, v, 1)).statusCode).toBe(200);
    const choices = async (city: string) =>
      (
        (await send(t, "GET", `/api/cart/shippings?city=${city}`, who)).json() as { name: string }[]
      ).map((c) => c.name);
    expect(await choices("Quetta")).not.toContain("Quetta Express"); // cached for a minute now
    const made = await send(t, "POST", "/api/admin/shipping-methods", roles.admin, METHOD);
    expect(made.statusCode, made.body).toBe(200);
    expect(await choices("Quetta")).toContain("Quetta Express");
    expect(await choices("Lahore")).not.toContain("Quetta Express");
    const id = made.json()._id as string;
    const off = await send(t, "PUT", `/api/admin/shipping-methods/${id}`, roles.admin, {
      ...METHOD,
      active: false,
    });
    expect(off.json()).toMatchObject({ active: false });
    expect(await choices("Quetta")).not.toContain("Quetta Express");
    const list = (await send(t, "GET", "/api/admin/shipping-methods", roles.admin)).json();
    expect(list.methods.filter((m: { isDefault: boolean }) => m.isDefault)).toHaveLength(1);
  });

  it("refuses bad rows per field, writing nothing; managers and vendors are refused", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ name: "" }, "name"],
      [{ carrier: "x" }, "carrier"],
      [{ charge: -1 }, "charge"],
      [{ charge: 9.5 }, "charge"],
      [{ freeAbove: -5 }, "free-above"],
      [{ cities: [] }, "at least one city"],
      [{ cities: ["Q"] }, "city"],
      [{ etaDays: "soon" }, "delivery time"],
    ];
    const post = (body: Record<string, unknown>) =>
      send(t, "POST", "/api/admin/shipping-methods", roles.admin, body);
    expect(await refusals(post, METHOD, bad, count)).toEqual({ wrong: [], written: 0 });
    for (const who of [roles.manager, roles.vendor, roles.shopper])
      expect((await send(t, "POST", "/api/admin/shipping-methods", who, METHOD)).statusCode).toBe(
        403,
      );
  });
});
