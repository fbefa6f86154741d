import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import { addToCart, pickVariants, send, setStock } from "../../testing/cart-helpers.ts";
import { everyRole, refusals } from "../../testing/staff-helpers.ts";

/**
 * Automatic promotions in the back-office (decision 061): a change reaches the cart's next
 * pricing although the cart keeps promotions cached (the cache news drops them), roles, and bad
 * input refused per field with nothing written.
 */
let t: TestApp;
let roles: Awaited<ReturnType<typeof everyRole>>;
beforeAll(async () => {
  t = await createTestApp({ products: 4, env: { CACHE_TTL_MS: "60000" } });
  roles = await everyRole(t);
});
afterAll(() => t?.close());

const create = (body: Record<string, unknown>, who: Record<string, string> = roles.manager) =>
  send(t, "POST", "/api/admin/promotions", who, body);
const count = async () =>
  (
    (await t.database.db.execute(sql`select count(*)::int as n from promotions`)).rows[0] as {
      n: number;
    }
  ).n;
const pricing = async (who: Record<string, string>) =>
  (await send(t, "GET", "/api/cart", who)).json() as {
    subtotal: number;
    promotionDiscount: number;
  };

describe("admin promotions", () => {
  it("a new, edited or switched-off promotion reaches the cart's next pricing at once", async () => {
    const who = bearer((await signUp(t)).token);
    const [v] = await pickVariants(t, 1);
    if (!v) throw new Error("no variant");
    await setStock(t, v.vid, 100);
    expect((await addToCart(t, who, v, 2)).statusCode).toBe(200);
    const before = await pricing(who); // the cart now holds "no promotions" for a minute
    expect(before.promotionDiscount).toBe(0);
    const made = await create({ name: "Ten off everything", kind: "percentage", value: 10 });
    expect(made.statusCode, made.body).toBe(200);
    const p = made.json();
    expect(p).toMatchObject({ status: "live", scope: "all", value: 10 });
    expect((await pricing(who)).promotionDiscount).toBe(Math.floor(before.subtotal / 10));
    const edited = await send(t, "PUT", `/api/admin/promotions/${p._id}`, roles.admin, {
      name: "Twenty off everything",
      kind: "percentage",
      value: 20,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await pricing(who)).promotionDiscount).toBe(Math.floor(before.subtotal / 5));
    const off = await send(t, "POST", `/api/admin/promotions/${p._id}/switch-off`, roles.manager);
    expect(off.json()).toMatchObject({ active: false, status: "off" });
    expect((await pricing(who)).promotionDiscount).toBe(0);
    const audit = await t.database.db.execute(
      sql`select action from audit_log where record_type = 'promotion' and record_id = ${p._id} order by created_at`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      "promotion_created",
      "promotion_updated",
      "promotion_switched_off",
    ]);
  });

  it("answers 400 with the field's message for each bad field, and writes nothing", async () => {
    const good = { name: "Bad input check", kind: "percentage", value: 10 };
    const bad: [Record<string, unknown>, string][] = [
      [{ name: "" }, "name"],
      [{ kind: "bogo" }, "kind"],
      [{ value: 0 }, "value"],
      [{ value: 150 }, "1 to 100 percent"],
      [{ kind: "fixed", value: null }, "rupees off"],
      [{ kind: "buy_x_get_y", value: null }, "how many to buy"],
      [{ kind: "free_gift", value: null }, "variant given"],
      [{ kind: "free_gift", giftVariantId: crypto.randomUUID() }, "no variant has this id"],
      [{ minCartValue: -5 }, "minCartValue"],
      [{ scope: "brand" }, "scope"],
      [{ scope: "category" }, "at least one category"],
      [{ scope: "category", scopeIds: [crypto.randomUUID()] }, "name no category"],
      [{ scope: "product", scopeIds: ["not-an-id"] }, "scopeIds"],
      [{ startsAt: "2027-02-01T00:00:00Z", endsAt: "2027-01-01T00:00:00Z" }, "after the start"],
    ];
    expect(await refusals((body) => create(body), good, bad, count)).toEqual({
      wrong: [],
      written: 0,
    });
  });

  it("vendors and shoppers are refused; an unknown promotion is 404", async () => {
    const body = { name: "Role check", kind: "fixed", value: 10 };
    expect((await create(body, roles.vendor)).statusCode).toBe(403);
    expect((await create(body, roles.shopper)).statusCode).toBe(403);
    const unknown = `/api/admin/promotions/${crypto.randomUUID()}/switch-off`;
    expect((await send(t, "POST", unknown, roles.admin)).statusCode).toBe(404);
  });
});
