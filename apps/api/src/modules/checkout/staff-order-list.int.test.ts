import { ADMIN_COUNT_CAP, ADMIN_SORTS, type AdminSort } from "@maidan/contracts/admin-orders";
import { insertBulkOrders } from "@maidan/db/seed/orders-bulk";
import type { TestApp } from "@maidan/server/testing/test-app";
import { createTestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send } from "../../testing/cart-helpers.ts";
import { loginAs, staffAccount } from "../../testing/staff-helpers.ts";

/**
 * The back-office's order list, keyset paged (decision 054): for every sort, paging forwards and
 * back through all orders yields each once, in the sort's order, even where many orders share a
 * time and a total; filters page the same way; a broken or another sort's cursor is 400; the
 * count stops at 10,000 ("10,000+").
 */
let t: TestApp;
let admin: Record<string, string>;

type Row = { id: string; us: string; total: number; status: string; vendor_id: string };
type Page = {
  orders: { _id: string }[];
  total: number;
  totalCapped: boolean;
  next: string | null;
  previous: string | null;
};

/** The lifecycle's order, as the migration's order_status_rank has it. */
const RANK = [
  "pending_confirmation",
  "placed",
  "awaiting_payment",
  "confirmed",
  "packed",
  "shipped",
  "delivered",
  "return_requested",
  "returned",
  "cancelled",
];

beforeAll(async () => {
  t = await createTestApp({ products: 12 });
  admin = await loginAs(t, "admin@test.pk", "admin-pass-123");
  // 20 instants and 10 totals for 260 orders: pages end inside runs of equal keys.
  await insertBulkOrders(t.database.db, 260, { ties: true });
});
afterAll(() => t?.close());

const list = async (query: string, who = admin) => {
  const res = await send(t, "GET", `/api/admin/orders?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

/** Every order, in the sort's order, worked out here rather than by the list's SQL. */
async function expected(sort: AdminSort, where = sql`true`) {
  const { rows } = await t.database.db.execute<Row>(
    sql`select id::text, (extract(epoch from created_at) * 1000000)::bigint::text as us, total,
      status, vendor_id::text from orders o where ${where}`,
  );
  const lead = (r: Row) =>
    sort.endsWith("total") ? r.total : sort === "status" ? RANK.indexOf(r.status) : 0;
  const cmp = (a: Row, b: Row) =>
    lead(a) - lead(b) ||
    (BigInt(a.us) < BigInt(b.us) ? -1 : BigInt(a.us) > BigInt(b.us) ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const sorted = rows.sort(cmp);
  return (sort.startsWith("-") ? sorted.reverse() : sorted).map((r) => r.id);
}

/**
 * Pages forwards from the first page, then back from the last. Backwards, pages end where the
 * last one began, so the first of them may be short: the list answers the whole first page
 * instead (no previous). Returns the ids forwards, and backwards the ids before that first page
 * joined with the rest (each once, if the pages fit).
 */
async function pageThrough(query: string, size: number) {
  const q = `${query}&pageSize=${size}`;
  const pages: Page[] = [await list(q)];
  expect(pages[0]?.previous).toBeNull();
  for (let p = pages[0]; p?.next; ) {
    p = await list(`${q}&cursor=${p.next}`);
    pages.push(p);
    expect(pages.length).toBeLessThan(100);
  }
  const back: Page[] = [pages.at(-1) as Page];
  for (let p = back[0]; p?.previous; ) {
    p = await list(`${q}&cursor=${p.previous}`);
    back.unshift(p);
    expect(back.length).toBeLessThan(100);
  }
  const ids = (ps: Page[]) => ps.flatMap((p) => p.orders.map((o) => o._id));
  const first = back[0] as Page;
  const rest = ids(back.slice(1));
  const forwards = ids(pages);
  // The first page back is the first page forwards, whole; the rest back joins on after it.
  expect(first).toEqual(pages[0]);
  const before = forwards.length - rest.length;
  expect(before).toBeGreaterThan(0);
  expect(before).toBeLessThanOrEqual(size);
  const backwards = [...ids([first]).slice(0, before), ...rest];
  return { pages, forwards, backwards, first };
}

describe("keyset paging", () => {
  for (const sort of ADMIN_SORTS)
    it(`sort=${sort}: forwards and back, every order once, in order`, async () => {
      const all = await expected(sort);
      expect(all.length).toBeGreaterThanOrEqual(260);
      const { pages, forwards, backwards, first } = await pageThrough(`sort=${sort}`, 17);
      expect(forwards).toEqual(all);
      expect(new Set(forwards).size).toBe(all.length);
      expect(pages.slice(0, -1).every((p) => p.orders.length === 17)).toBe(true);
      expect(pages.every((p) => p.total === all.length && !p.totalCapped)).toBe(true);
      expect(pages.at(-1)?.next).toBeNull();
      // Back from the last page: the same orders, the first page whole again, with no previous.
      expect(backwards).toEqual(all);
      expect(first?.previous).toBeNull();
      expect(first?.orders).toHaveLength(17);
    });

  it("filters page the same way: each matching order once, in order", async () => {
    const { rows } = await t.database.db.execute<{ id: string }>(
      sql`select id::text from vendors order by name limit 1`,
    );
    const store = rows[0]?.id as string;
    const cases: [string, ReturnType<typeof sql>][] = [
      ["status=delivered&method=COD", sql`status = 'delivered' and payment_method = 'COD'`],
      [
        "paymentStatus=paid&city=LAHORE",
        sql`payment_status = 'paid' and address->>'city' = 'Lahore'`,
      ],
      [`vendor=${store}`, sql`vendor_id = ${store}`],
      ["q=@bulk.example.pk", sql`address->>'email' like '%@bulk.example.pk'`],
      ["q=shopper12", sql`address->>'email' like 'shopper12%'`],
    ];
    for (const [query, where] of cases)
      for (const sort of ["-createdAt", "total"] as const) {
        const all = await expected(sort, where);
        expect(all.length, query).toBeGreaterThan(0);
        const { forwards, backwards, pages } = await pageThrough(`${query}&sort=${sort}`, 9);
        expect(forwards, `${query} ${sort}`).toEqual(all);
        expect(backwards, `${query} ${sort}`).toEqual(all);
        expect(pages[0]?.total).toBe(all.length);
      }
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Karachi" });
    expect((await list(`from=${today}&to=${today}&status=confirmed`)).total).toBeGreaterThan(0);
    expect((await list("from=2001-01-01&to=2001-01-02")).orders).toEqual([]);
  });

  it("a vendor pages through their own store's orders only", async () => {
    const v = await staffAccount(t, "vendor");
    const { rows } = await t.database.db.execute<{ id: string }>(
      sql`update vendors set owner_id = ${v.id} where id = (select id from vendors order by name offset 1 limit 1) returning id::text`,
    );
    const own = rows[0]?.id as string;
    const all = await expected("-createdAt", sql`vendor_id = ${own}`);
    const res = await send(t, "GET", "/api/admin/orders?pageSize=5", v.headers);
    let page = res.json() as Page;
    const seen = page.orders.map((o) => o._id);
    while (page.next) {
      page = (
        await send(t, "GET", `/api/admin/orders?pageSize=5&cursor=${page.next}`, v.headers)
      ).json();
      seen.push(...page.orders.map((o) => o._id));
    }
    expect(seen).toEqual(all);
  });

  it("a broken cursor, or another sort's, is 400 with a message; nothing else", async () => {
    const first = await list("sort=total&pageSize=5");
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const good = JSON.parse(Buffer.from(first.next as string, "base64url").toString());
    for (const [query, why] of [
      [`sort=-total&cursor=${first.next}`, "another sort's cursor"],
      [`cursor=${first.next}`, "another sort's cursor (the default sort)"],
      ["cursor=bm90LWpzb24", "not JSON"],
      ["cursor=e30", "an empty object"],
      [`sort=total&cursor=${enc({ ...good, id: "x' or 1=1 --" })}`, "an id that is no uuid"],
      [`sort=total&cursor=${enc({ ...good, k: [1] })}`, "a key of the wrong length"],
      [`sort=total&cursor=${enc({ ...good, k: [1.5, 2] })}`, "a key that is no integer"],
      [`sort=total&cursor=${enc({ ...good, d: "sideways" })}`, "no direction"],
      ["cursor=%24%24%24", "not base64url"],
      [`cursor=${"A".repeat(500)}`, "too long"],
    ]) {
      const res = await send(t, "GET", `/api/admin/orders?${query}`, admin);
      expect(res.statusCode, why).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: expect.any(String) });
    }
    const bad = await send(t, "GET", `/api/admin/orders?sort=-total&cursor=${first.next}`, admin);
    expect(bad.json().message).toMatch(/page link/);
    // The cursor of a page of this sort still reads.
    expect((await list(`sort=total&pageSize=5&cursor=${first.next}`)).orders).toHaveLength(5);
  });
});

describe("the count", () => {
  it(`stops at ${ADMIN_COUNT_CAP.toLocaleString("en-US")} and says there are more`, async () => {
    await insertBulkOrders(t.database.db, ADMIN_COUNT_CAP);
    const many = await list("pageSize=3");
    expect(many).toMatchObject({ total: ADMIN_COUNT_CAP, totalCapped: true });
    expect(many.orders).toHaveLength(3);
    const few = await list("status=pending_confirmation&city=Quetta&method=Card");
    expect(few.totalCapped).toBe(false);
    expect(few.total).toBe(
      (
        await expected(
          "-createdAt",
          sql`status = 'pending_confirmation' and address->>'city' = 'Quetta' and payment_method = 'Card'`,
        )
      ).length,
    );
  });
});
