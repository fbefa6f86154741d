import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  guest,
  pickVariants,
  send,
  setStock,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { buy } from "../../testing/order-helpers.ts";
import { loginAs, ownStoreOf, staffAccount } from "../../testing/staff-helpers.ts";

/**
 * Couriers (decision 045): booking a packed order with each courier's sandbox (its API shape),
 * booking twice, the tracking schedule delivering (COD → paid, cash per courier per day), a
 * refused parcel flagging its phone, and the order's PDFs by role.
 */
let t: TestApp;
let admin: Record<string, string>;
let vendor: Record<string, string>;
let mine: TestVariant;
let theirs: TestVariant;

beforeAll(async () => {
  t = await createTestApp({ products: 8 });
  admin = await loginAs(t, "admin@test.pk", "admin-pass-123");
  const v = await staffAccount(t, "vendor");
  vendor = v.headers;
  const [a, b] = await pickVariants(t, 2, { distinctVendors: true });
  if (!a || !b) throw new Error("two vendors' variants needed");
  [mine, theirs] = [a, b];
  await ownStoreOf(t, v.id, mine.pid);
  await setStock(t, mine.vid, 500);
  await setStock(t, theirs.vid, 500);
});
afterAll(() => t?.close());

const act = (id: string, body: unknown) =>
  send(t, "POST", `/api/admin/orders/${id}/transition`, admin, body);
const bookWith = (id: string, courier: string, who = admin) =>
  send(t, "POST", `/api/admin/orders/${id}/courier-booking`, who, { courier });
const detail = async (id: string) =>
  (await send(t, "GET", `/api/admin/orders/${id}`, admin)).json();

/** A COD order a guest placed, confirmed and packed by staff. */
async function packed(v: TestVariant = mine) {
  const id = (await buy(t, guest(), v, 1)).orders[0]._id as string;
  for (const action of ["confirm", "pack"])
    expect((await act(id, { action })).statusCode).toBe(200);
  return id;
}
const track = () => t.app.domains.courierShipping.trackShipped();

describe("booking", () => {
  it.each([
    ["tcs", "TCS", /^77\d{10}$/],
    ["leopards", "Leopards", /^LE\d{9}$/],
    ["postex", "PostEx", /^214\d{8}$/],
  ])("%s: books through its sandbox's API, ships the order, once", async (courier, label, cn) => {
    const id = await packed();
    const res = await bookWith(id, courier);
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({ orderId: id, courier, trackStatus: "booked", created: true });
    expect(b.consignmentNo).toMatch(cn);
    const d = await detail(id);
    expect(d.status).toBe("shipped");
    expect(d.shipment).toEqual({ courier: label, trackingNo: b.consignmentNo });
    expect(d.audit.at(-1)).toMatchObject({ action: "ship", after: { status: "shipped" } });
    // The shopper is told, through the lifecycle's own SMS job.
    const sms = await t.database.pool.query<{ data: { message: Record<string, string> } }>(
      `select data from pgboss.job where name = 'messages.sms'
        and data->'message'->>'template' = 'order-status' and data->'message'->>'orderNo' = $1`,
      [d.orderNo],
    );
    expect(sms.rows.map((r) => r.data.message.status)).toContain("shipped");
    // The courier's own answer is kept with the booking.
    const row = await t.database.db.execute(
      sql`select response from courier_bookings where order_id = ${id}`,
    );
    expect(JSON.stringify(row.rows[0]?.response)).toContain(b.consignmentNo);
    // Again: nothing new is booked, the booking is answered.
    const again = await bookWith(id, "postex");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ consignmentNo: b.consignmentNo, courier, created: false });
    const ships = await t.database.db.execute(
      sql`select count(*)::int as n from order_events where order_id = ${id} and status = 'shipped'`,
    );
    expect(ships.rows[0]?.n).toBe(1);
  });

  it("two bookings at once book once", async () => {
    const id = await packed();
    const [a, b] = await Promise.all([bookWith(id, "tcs"), bookWith(id, "tcs")]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect([
      [200, 201],
      [201, 409],
    ]).toContainEqual(codes);
    const n = await t.database.db.execute(
      sql`select count(*)::int as n from order_events where order_id = ${id} and status = 'shipped'`,
    );
    expect(n.rows[0]?.n).toBe(1);
  });

  it("a booking whose ship step never happened ships when booked again, with its number", async () => {
    const id = await packed();
    await t.database.db.execute(
      sql`insert into courier_bookings (order_id, courier, consignment_no, response)
        values (${id}, 'leopards', 'LE123456789', '{}'::jsonb)`,
    );
    const res = await bookWith(id, "tcs");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      courier: "leopards",
      consignmentNo: "LE123456789",
      created: false,
    });
    const d = await detail(id);
    expect(d.status).toBe("shipped");
    expect(d.shipment).toEqual({ courier: "Leopards", trackingNo: "LE123456789" });
  });

  it("refuses an order that is not packed, an unknown courier and vendors", async () => {
    const id = (await buy(t, guest(), mine, 1)).orders[0]._id as string;
    const notPacked = await bookWith(id, "tcs");
    expect(notPacked.statusCode).toBe(409);
    expect(notPacked.json().message).toMatch(/only a packed order is booked/);
    const bad = await bookWith(id, "dhl");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      status: 400,
      message: expect.stringMatching(/Choose a courier/),
    });
    expect((await bookWith(id, "tcs", vendor)).statusCode).toBe(403);
    const none = await bookWith(crypto.randomUUID(), "tcs");
    expect(none.statusCode).toBe(404);
  });
});

describe("tracking", () => {
  it("the schedule moves a parcel on each poll and delivers it: COD paid, cash counted per courier", async () => {
    const id = await packed();
    const b = (await bookWith(id, "leopards")).json();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      await track();
      const r = await t.database.db.execute(
        sql`select track_status from courier_bookings where order_id = ${id}`,
      );
      seen.push(r.rows[0]?.track_status as string);
    }
    expect(seen).toEqual(["picked_up", "in_transit", "delivered"]);
    const d = await detail(id);
    expect(d.status).toBe("delivered");
    expect(d.payment).toEqual({ method: "COD", status: "paid" });
    expect(d.audit.at(-1)).toMatchObject({
      action: "deliver",
      actor: { _id: null, role: "system" },
    });
    const today = new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10);
    const cash = await send(
      t,
      "GET",
      `/api/admin/couriers/cod-collections?from=${today}&to=${today}`,
      admin,
    );
    expect(cash.statusCode).toBe(200);
    const row = cash.json().days.find((x: { courier: string }) => x.courier === "leopards");
    expect(row.amount).toBeGreaterThanOrEqual(b.codAmount);
    expect(b.codAmount).toBe(d.amount.total);
    // Delivered parcels are not asked about again.
    expect(await track()).not.toHaveProperty("delivered");
  });

  it("a parcel the sandbox control marks returned flags the order's phone", async () => {
    const id = await packed();
    const b = (await bookWith(id, "postex")).json();
    const ctl = await send(
      t,
      "POST",
      "/sandbox/couriers/advance",
      {},
      {
        courier: "postex",
        consignmentNo: b.consignmentNo,
        status: "returned",
      },
    );
    expect(ctl.statusCode, ctl.body).toBe(200);
    await track();
    const d = await detail(id);
    expect(d.status).toBe("shipped");
    const flag = await t.database.db.execute(
      sql`select courier, last_order_id from refused_phones where phone = ${d.address.phone}`,
    );
    expect(flag.rows[0]).toMatchObject({ courier: "postex", last_order_id: id });
    // The order page tells managers; vendors are told nothing of it.
    const shipping = t.app.domains.courierShipping;
    const seen = await shipping.shippingOf({ id: "x", role: "manager" }, d);
    expect(seen.booking).toMatchObject({ consignmentNo: b.consignmentNo, trackStatus: "returned" });
    expect(seen.refusedPhone).toMatchObject({ courier: "postex" });
    expect(seen.refusedPhone?.refusals).toBeGreaterThanOrEqual(1);
    expect(await shipping.shippingOf({ id: "x", role: "vendor" }, d)).toEqual({
      booking: null,
      refusedPhone: null,
    });
    // The refused phones' list (decision 048): this phone first, with its last order.
    const list = await send(t, "GET", "/api/admin/couriers/refused-phones", admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().phones[0]).toMatchObject({
      phone: d.address.phone,
      courier: "postex",
      lastOrderId: id,
      refusals: seen.refusedPhone?.refusals,
    });
    await expect(shipping.refusedPhones({ id: "x", role: "vendor" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("papers", () => {
  it("label, slip and invoice are PDFs naming the order", async () => {
    const id = await packed();
    const { orderNo } = await detail(id);
    // No label before a booking.
    expect((await send(t, "GET", `/api/admin/orders/${id}/label.pdf`, admin)).statusCode).toBe(409);
    await bookWith(id, "tcs");
    for (const kind of ["label", "slip", "invoice"]) {
      const res = await send(t, "GET", `/api/admin/orders/${id}/${kind}.pdf`, admin);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      expect(res.rawPayload.toString("latin1")).toContain(orderNo);
    }
  });

  it("many orders' slips in one PDF, one page each", async () => {
    const [a, b] = [await packed(), await packed()];
    const res = await send(t, "GET", `/api/admin/orders/slips.pdf?ids=${a}&ids=${b}`, admin);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = res.rawPayload.toString("latin1");
    for (const id of [a, b]) expect(text).toContain((await detail(id)).orderNo);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(2);
    const none = await send(t, "GET", "/api/admin/orders/slips.pdf", admin);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/Choose at least one order/);
    // A vendor's own orders only: another store's makes it 404.
    const theirsId = await packed(theirs);
    const mixed = await send(
      t,
      "GET",
      `/api/admin/orders/slips.pdf?ids=${a}&ids=${theirsId}`,
      vendor,
    );
    expect(mixed.statusCode).toBe(404);
  });

  it("vendors print their own store's slips only", async () => {
    const own = await packed(mine);
    const other = await packed(theirs);
    expect((await send(t, "GET", `/api/admin/orders/${own}/slip.pdf`, vendor)).statusCode).toBe(
      200,
    );
    expect((await send(t, "GET", `/api/admin/orders/${other}/slip.pdf`, vendor)).statusCode).toBe(
      404,
    );
    expect((await send(t, "GET", `/api/admin/orders/${own}/invoice.pdf`, vendor)).statusCode).toBe(
      403,
    );
    expect((await send(t, "GET", `/api/admin/orders/${own}/label.pdf`, vendor)).statusCode).toBe(
      403,
    );
  });
});
