import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import { addToCart, pickVariants, send, setStock } from "../../testing/cart-helpers.ts";
import { everyRole, refusals } from "../../testing/staff-helpers.ts";

/** Vouchers in the back-office (decision 061): roles, bad input, a duplicate code, edits, the end. */
let t: TestApp;
let roles: Awaited<ReturnType<typeof everyRole>>;
beforeAll(async () => {
  t = await createTestApp({ products: 6 });
  roles = await everyRole(t);
});
afterAll(() => t?.close());

let n = 0;
const code = () => `ADM${process.pid}X${++n}`;
const create = (body: Record<string, unknown>, who: Record<string, string> = roles.manager) =>
  send(t, "POST", "/api/admin/vouchers", who, body);
const count = async () =>
  (
    (await t.database.db.execute(sql`select count(*)::int as n from vouchers`)).rows[0] as {
      n: number;
    }
  ).n;

/** A signed-in shopper with one unit of a variant in the cart. */
async function shopper() {
  const who = bearer((await signUp(t)).token);
  const [v] = await pickVariants(t, 1);
  if (!v) throw new Error("no variant");
  await setStock(t, v.vid, 1000);
  expect((await addToCart(t, who, v, 1)).statusCode).toBe(200);
  return { who, v };
}
const apply = (who: Record<string, string>, c: string) =>
  send(t, "POST", "/api/cart/coupon", who, { code: c });
const cart = async (who: Record<string, string>) =>
  (await send(t, "GET", "/api/cart", who)).json() as { couponDiscount: number };

describe("admin vouchers", () => {
  it("a manager makes a voucher a shopper can use at once; the change is audited", async () => {
    const c = code();
    const res = await create({ code: c.toLowerCase(), kind: "fixed", value: 150 });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({
      code: c,
      kind: "fixed",
      value: 150,
      perUserLimit: 1,
      status: "live",
    });
    const { who } = await shopper();
    expect((await apply(who, c)).json().couponDiscount).toBe(150);
    const mine = (await send(t, "GET", "/api/vouchers/mine", who)).json();
    expect(mine.vouchers.find((x: { code: string }) => x.code === c)).toMatchObject({
      appliesTo: null,
    });
    const audit = await t.database.db.execute(
      sql`select action, actor_role from audit_log where record_type = 'voucher' and record_id = ${v._id}`,
    );
    expect(audit.rows).toEqual([{ action: "voucher_created", actor_role: "manager" }]);
    const listed = (await send(t, "GET", "/api/admin/vouchers", roles.admin)).json();
    expect(listed.vouchers.map((x: { code: string }) => x.code)).toContain(c);
  });

  it("a taken code is 409 naming it, whatever its case; nothing is written", async () => {
    const c = code();
    expect((await create({ code: c, kind: "percent", value: 10 })).statusCode).toBe(200);
    const before = await count();
    const again = await create({ code: ` ${c.toLowerCase()} `, kind: "fixed", value: 50 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, message: expect.stringContaining(c) });
    expect(await count()).toBe(before);
  });

  it("answers 400 with the field's message for each bad field, and writes nothing", async () => {
    const good = { code: code(), kind: "percent", value: 10 };
    const bad: [Record<string, unknown>, string][] = [
      [{ code: "a" }, "code"],
      [{ code: "TWO WORDS" }, "code"],
      [{ kind: "gift" }, "kind"],
      [{ value: 0 }, "value"],
      [{ value: 2.5 }, "value"],
      [{ value: 101 }, "at most 100"],
      [{ maxDiscount: 0 }, "maxDiscount"],
      [{ minCartValue: -1 }, "minCartValue"],
      [{ startsAt: "tomorrow" }, "startsAt"],
      [{ endsAt: "0000-01-01T00:00:00Z" }, "between the years 2000 and 2100"],
      [
        { startsAt: "2027-01-02T00:00:00Z", endsAt: "2027-01-01T00:00:00Z" },
        "end must be after the start",
      ],
      [{ perUserLimit: 0 }, "perUserLimit"],
      [{ usageLimit: 0 }, "usageLimit"],
      [{ description: "x".repeat(201) }, "description"],
    ];
    expect(await refusals((body) => create(body), good, bad, count)).toEqual({
      wrong: [],
      written: 0,
    });
  });

  it("an edit reaches the cart's next pricing; total uses cannot go below the uses made", async () => {
    const c = code();
    const v = (await create({ code: c, kind: "fixed", value: 100, usageLimit: 5 })).json();
    const { who } = await shopper();
    expect((await apply(who, c)).json().couponDiscount).toBe(100);
    const edit = await send(t, "PATCH", `/api/admin/vouchers/${v._id}`, roles.admin, {
      value: 120,
      description: "Winter sale",
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ value: 120, description: "Winter sale", code: c });
    expect((await cart(who)).couponDiscount).toBe(120);
    await t.database.db.execute(sql`update vouchers set used = 3 where id = ${v._id}`);
    const below = await send(t, "PATCH", `/api/admin/vouchers/${v._id}`, roles.admin, {
      usageLimit: 2,
    });
    expect(below.statusCode).toBe(409);
    const percent = await send(t, "PATCH", `/api/admin/vouchers/${v._id}`, roles.admin, {
      kind: "percent",
    });
    expect(percent.statusCode).toBe(400); // 120 percent
    expect(
      (await send(t, "GET", `/api/admin/vouchers/${v._id}`, roles.admin)).json(),
    ).toMatchObject({ value: 120, kind: "fixed", usageLimit: 5 });
  });

  it("an ended voucher stops applying and refuses new carts", async () => {
    const c = code();
    const v = (await create({ code: c, kind: "fixed", value: 80 })).json();
    const { who } = await shopper();
    expect((await apply(who, c)).json().couponDiscount).toBe(80);
    const end = await send(t, "POST", `/api/admin/vouchers/${v._id}/end`, roles.manager);
    expect(end.json()).toMatchObject({ active: false, status: "ended" });
    expect((await cart(who)).couponDiscount).toBe(0);
    const other = await shopper();
    expect((await apply(other.who, c)).json()).toMatchObject({
      status: 400,
      message: "This voucher has expired",
    });
  });

  it("vendors and shoppers are refused, an unknown voucher is 404", async () => {
    const body = { code: code(), kind: "fixed", value: 10 };
    expect((await create(body, roles.vendor)).statusCode).toBe(403);
    expect((await create(body, roles.shopper)).statusCode).toBe(403);
    expect((await create(body, {})).statusCode).toBe(401);
    const unknown = await send(
      t,
      "PATCH",
      `/api/admin/vouchers/${crypto.randomUUID()}`,
      roles.admin,
      { value: 5 },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("a category-scoped voucher takes off its subcategories' lines only, and refuses a cart without one", async () => {
    // A parent category with one child; one product moves into the child.
    const [a, b] = await pickVariants(t, 2);
    if (!a || !b) throw new Error("no variants");
    const parent = crypto.randomUUID();
    const child = crypto.randomUUID();
    await t.database.db.execute(sql`insert into categories (id, slug, name, parent_id) values
      (${parent}, ${`scope-${parent}`}, 'Footwear', null)`);
    await t.database.db.execute(sql`insert into categories (id, slug, name, parent_id) values
      (${child}, ${`scope-${child}`}, 'Running shoes', ${parent})`);
    await t.database.db.execute(
      sql`update products set category_id = ${child} where id = ${a.pid}`,
    );
    for (const v of [a, b]) await setStock(t, v.vid, 1000);
    const c = code();
    const res = await create({
      code: c,
      kind: "percent",
      value: 10,
      scope: "category",
      scopeIds: [parent],
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({ scope: "category", scopeIds: [parent] });

    const who = bearer((await signUp(t)).token);
    await addToCart(t, who, a, 2);
    await addToCart(t, who, b, 1);
    const applied = await apply(who, c);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().couponDiscount).toBe(Math.floor((a.price * 2 * 10) / 100));

    // The shopper's list names the category chosen (not its subcategories).
    const mine = (await send(t, "GET", "/api/vouchers/mine", who)).json();
    expect(mine.vouchers.find((x: { code: string }) => x.code === c)).toMatchObject({
      appliesTo: ["Footwear"],
    });

    const other = bearer((await signUp(t)).token);
    await addToCart(t, other, b, 1);
    expect((await apply(other, c)).json()).toMatchObject({
      status: 400,
      message: "This voucher does not apply to the items in your cart",
    });

    // A product scope through PATCH: audited with its before and after.
    const edit = await send(t, "PATCH", `/api/admin/vouchers/${v._id}`, roles.manager, {
      scope: "product",
      scopeIds: [b.pid],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await cart(who)).couponDiscount).toBe(Math.floor((b.price * 10) / 100));
    const audit = await t.database.db.execute(
      sql`select before->>'scope' as before, after->>'scope' as after, after->'scopeIds' as ids
        from audit_log where record_id = ${v._id} and action = 'voucher_updated'`,
    );
    expect(audit.rows).toEqual([{ before: "category", after: "product", ids: [b.pid] }]);
    const listed = (await send(t, "GET", "/api/admin/vouchers", roles.manager)).json();
    expect(listed.vouchers.find((x: { code: string }) => x.code === c)).toMatchObject({
      scope: "product",
      scopeIds: [b.pid],
    });
  });

  it("a scope naming no category or product, or none at all, is 400 and nothing is written", async () => {
    const good = { code: code(), kind: "percent", value: 10 };
    const bad: [Record<string, unknown>, string][] = [
      [{ scope: "everything" }, "scope"],
      [{ scope: "category", scopeIds: [] }, "scopeIds"],
      [{ scope: "category" }, "scopeIds"],
      [{ scope: "category", scopeIds: [crypto.randomUUID()] }, "scopeIds"],
      [{ scope: "product", scopeIds: ["not-an-id"] }, "scopeIds"],
      [{ scope: "product", scopeIds: [crypto.randomUUID()] }, "scopeIds"],
    ];
    expect(await refusals((body) => create(body), good, bad, count)).toEqual({
      wrong: [],
      written: 0,
    });
    const v = (await create({ code: code(), kind: "fixed", value: 10 })).json();
    const patch = await send(t, "PATCH", `/api/admin/vouchers/${v._id}`, roles.manager, {
      scope: "product",
      scopeIds: [crypto.randomUUID()],
    });
    expect(patch.json()).toMatchObject({
      status: 400,
      message: expect.stringContaining("scopeIds"),
    });
  });
});
