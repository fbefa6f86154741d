import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  guest,
  pickVariants,
  send,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { buy, lastSms } from "../../testing/order-helpers.ts";
import { deliveredOrder, everyRole } from "../../testing/staff-helpers.ts";

/**
 * Returns in the order's lifecycle (decision 048): delivered → return_requested → returned, each
 * a timeline row, an event, the shopper's SMS and an audit entry; the returned units back in
 * stock exactly once; illegal steps 409; two staff at once, one wins; a returned order refunds.
 */
let t: TestApp;
let roles: Awaited<ReturnType<typeof everyRole>>;
let v: TestVariant;

beforeAll(async () => {
  t = await createTestApp({ products: 6 });
  roles = await everyRole(t);
  const [a] = await pickVariants(t, 1);
  if (!a) throw new Error("a variant needed");
  v = a;
  await setStock(t, v.vid, 200);
});
afterAll(() => t?.close());

const act = (id: string, body: unknown, who: Record<string, string> = roles.admin) =>
  send(t, "POST", `/api/admin/orders/${id}/transition`, who, body);
const detail = (id: string) => send(t, "GET", `/api/admin/orders/${id}`, roles.admin);

/** A COD order of `qty` units (a guest's unless `who`), moved to delivered by staff. */
const delivered = (qty = 2, who: Record<string, string> = guest()) =>
  deliveredOrder(t, who, v, qty, roles.admin);
const request = { action: "request_return", reason: "wrong size, the shopper called" };

describe("returns", () => {
  it("delivered → return requested → returned: timeline, events, SMS, audit, and the stock back once", async () => {
    const id = await delivered(3);
    const before = await stockOf(t, v.vid);

    const asked = await act(id, request, roles.manager);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: "return_requested", actions: ["receive_return"] });
    expect(await stockOf(t, v.vid)).toBe(before);
    const phone = asked.json().address.phone as string;
    expect(await lastSms(t, phone)).toBe(
      `Maidan: your order ${asked.json().orderNo}: we have your return request (wrong size, the shopper called). Hand the parcel to the courier when they call. ${t.config.publicUrl}/my/orders/${id}`,
    );

    const back = await act(id, { action: "receive_return" });
    expect(back.statusCode, back.body).toBe(200);
    const d = back.json();
    expect(d.status).toBe("returned");
    expect(d.actions).toEqual([]);
    expect(await stockOf(t, v.vid)).toBe(before + 3);
    expect(d.history.slice(-2)).toMatchObject([
      { status: "return_requested", note: "Return requested: wrong size, the shopper called" },
      { status: "returned", note: "Returned parcel received, stock back" },
    ]);
    expect(d.audit.slice(-2)).toMatchObject([
      {
        action: "request_return",
        actor: { role: "manager" },
        before: { status: "delivered" },
        after: { status: "return_requested" },
      },
      {
        action: "receive_return",
        before: { status: "return_requested" },
        after: { status: "returned" },
      },
    ]);
    const events = await t.database.db.execute(
      sql`select name from domain_events where subject_id = ${id} order by created_at`,
    );
    expect(events.rows.map((e) => e.name).slice(-2)).toEqual([
      "order.return_requested",
      "order.returned",
    ]);
    expect(await lastSms(t, phone)).toBe(
      `Maidan: your order ${d.orderNo}: your returned parcel has reached us. ${t.config.publicUrl}/my/orders/${id}`,
    );

    // Received again: 409, the stock not given back twice.
    const again = await act(id, { action: "receive_return" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/is already returned/);
    expect(await stockOf(t, v.vid)).toBe(before + 3);
  });

  it("refuses the steps the state does not allow (409, nothing changed) and needs a reason (400)", async () => {
    const placed = await buy(t, guest(), v, 1);
    const id = placed.orders[0]._id as string;
    const early = await act(id, request);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/only delivered orders can be marked for return/);
    const receive = await act(id, { action: "receive_return" });
    expect(receive.statusCode).toBe(409);
    expect(receive.json().message).toMatch(/only return requested orders can be received back/);
    await act(id, { action: "cancel", reason: "the shopper changed their mind" });
    const cancelled = await act(id, request);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toMatch(/is cancelled: it cannot be marked for return/);

    const done = await delivered(1);
    const stock = await stockOf(t, v.vid);
    const noReason = await act(done, { action: "request_return" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/Say why the shopper returns it/);
    expect((await act(done, { action: "receive_return" })).statusCode).toBe(409);
    expect((await act(done, request, roles.vendor)).statusCode).toBe(403);
    const d = (await detail(done)).json();
    expect(d.status).toBe("delivered");
    expect(d.audit.map((a: { action: string }) => a.action)).toEqual([
      "confirm",
      "pack",
      "ship",
      "deliver",
    ]);
    expect(await stockOf(t, v.vid)).toBe(stock);
  });

  it("two staff receive the parcel at once: one wins, the other gets 409; the stock comes back once", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await delivered(2);
      await act(id, request);
      const before = await stockOf(t, v.vid);
      const both = await Promise.all([
        act(id, { action: "receive_return" }, roles.admin),
        act(id, { action: "receive_return" }, roles.manager),
      ]);
      expect(both.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      expect(both.find((r) => r.statusCode === 409)?.json().message).toMatch(/is already returned/);
      expect(await stockOf(t, v.vid)).toBe(before + 2);
      const d = (await detail(id)).json();
      expect(d.audit.filter((a: { action: string }) => a.action === "receive_return")).toHaveLength(
        1,
      );
    }
  });

  it("the shopper's order page shows the return; a returned order is refunded like a delivered one", async () => {
    const id = await delivered(1, roles.shopper);
    expect((await act(id, request)).statusCode).toBe(200);
    const mine = (await send(t, "GET", `/api/orders/my/${id}`, roles.shopper)).json();
    expect(mine.status).toBe("return_requested");
    expect(mine.history.at(-1)).toMatchObject({ status: "return_requested" });
    await act(id, { action: "receive_return" });
    expect((await send(t, "GET", `/api/orders/my/${id}`, roles.shopper)).json().status).toBe(
      "returned",
    );

    const refunds = (await send(t, "GET", `/api/admin/orders/${id}/refunds`, roles.admin)).json();
    expect(refunds.refundable).toBe(true);
    const res = await send(t, "POST", `/api/admin/orders/${id}/refunds`, roles.admin, {
      amount: 100,
      to: "wallet",
      reason: "returned parcel",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refunded).toBe(100);
  });
});
