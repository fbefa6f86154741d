import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import {
  guest,
  pickVariants,
  send,
  setStock,
  stockOf,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { buy } from "../../testing/order-helpers.ts";
import { deliveredOrder, everyRole } from "../../testing/staff-helpers.ts";
import { MESSAGES_PER_HOUR } from "./disputes.ts";

/**
 * Disputes (decision 052): the shopper opens one on a line of their delivered order within the
 * window, with photos; the thread; staff reply and close it by refund (through the staff refunds'
 * code), replacement or rejection. Every refusal writes nothing; every resource is the owner's.
 */
let t: TestApp;
let roles: Awaited<ReturnType<typeof everyRole>>;
let v: TestVariant;
let png: string;

beforeAll(async () => {
  t = await createTestApp({ products: 6 });
  roles = await everyRole(t);
  const [a] = await pickVariants(t, 1);
  if (!a) throw new Error("a variant needed");
  v = a;
  await setStock(t, v.vid, 1000);
  const bytes = await sharp({
    create: { width: 64, height: 48, channels: 3, background: "#c03" },
  })
    .png()
    .toBuffer();
  png = `data:image/png;base64,${bytes.toString("base64")}`;
});
afterAll(() => t?.close());

const shopper = async () => {
  const s = await signUp(t);
  return { id: s.id, who: bearer(s.token) };
};
/** A delivered COD order of `qty` units for `who`, and its one line's id. */
async function delivered(who: Record<string, string>, qty = 2) {
  const orderId = await deliveredOrder(t, who, v, qty, roles.admin);
  const d = await send(t, "GET", `/api/disputes/orders/${orderId}`, who);
  expect(d.statusCode, d.body).toBe(200);
  return { orderId, itemId: d.json().lines[0].itemId as string, total: d.json().lines[0].total };
}
const openBody = (orderId: string, itemId: string, extra: Record<string, unknown> = {}) => ({
  orderId,
  itemId,
  reason: "damaged",
  description: "The sole came off on the first day <script>alert(1)</script>",
  wanted: "refund",
  ...extra,
});
const open = (who: Record<string, string>, body: unknown) =>
  send(t, "POST", "/api/disputes", who, body);
const count = async (table: string, where = sql`true`) =>
  Number(
    (
      (
        await t.database.db.execute(
          sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`,
        )
      ).rows[0] as { n: number }
    ).n,
  );
const eventsNamed = async (name: string, disputeId: string) =>
  (
    await t.database.db.execute(
      sql`select payload from domain_events where name = ${name} and subject_id = ${disputeId}`,
    )
  ).rows.map((r) => (r as { payload: Record<string, unknown> }).payload);
const auditOf = async (disputeId: string) =>
  (
    await t.database.db.execute(
      sql`select action, actor_role from audit_log where record_type = 'dispute' and record_id = ${disputeId} order by created_at`,
    )
  ).rows as { action: string; actor_role: string }[];
const walletBalance = async (userId: string) =>
  Number(
    (
      (
        await t.database.db.execute(
          sql`select coalesce((select balance from wallets where user_id = ${userId}), 0)::int as b`,
        )
      ).rows[0] as { b: number }
    ).b,
  );
const staffReply = (id: string, text: string, who = roles.manager) =>
  send(t, "POST", `/api/admin/disputes/${id}/messages`, who, { text });
const resolve = (id: string, body: unknown, who = roles.manager) =>
  send(t, "POST", `/api/admin/disputes/${id}/resolve`, who, body);

describe("opening a dispute", () => {
  it("opens one on a delivered line with a photo: stored resized in the media storage, listed, dispute.opened emitted", async () => {
    const s = await shopper();
    const { orderId, itemId } = await delivered(s.who);
    const res = await open(s.who, { ...openBody(orderId, itemId), photos: [{ image: png }] });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      orderId,
      status: "open",
      reason: "damaged",
      wanted: "refund",
      resolution: null,
      item: { itemId },
      messages: [],
    });
    // The text is kept as written; the pages show it escaped.
    expect(d.description).toContain("<script>alert(1)</script>");
    expect(d.photos).toHaveLength(1);
    expect(d.photos[0]).toMatch(/^\/img\/800\/disputes\/[0-9a-f-]+-[0-9a-f]{32}\.webp$/);
    const key = d.photos[0].slice("/img/800/".length);
    const stored = await t.app.domains.media.read(key);
    expect(stored && (await sharp(stored).metadata()).format).toBe("webp");
    const img = await t.app.inject({ method: "GET", url: d.photos[0] });
    expect(img.statusCode).toBe(200);

    const list = await send(t, "GET", "/api/disputes", s.who);
    expect(list.json().disputes.map((x: { _id: string }) => x._id)).toEqual([d._id]);
    const again = await send(t, "GET", `/api/disputes/orders/${orderId}`, s.who);
    expect(again.json()).toMatchObject({ refusal: null, lines: [{ openDisputeId: d._id }] });
    expect(await eventsNamed("dispute.opened", d._id)).toEqual([
      { userId: s.id, disputeId: d._id, orderId, orderNo: expect.stringMatching(/^MD-/) },
    ]);
  });

  it("refuses, writing nothing: not delivered, outside the window, someone else's order, a second open dispute, a line of another order, bad photos", async () => {
    const s = await shopper();
    const other = await shopper();
    const { orderId, itemId } = await delivered(s.who);
    const fresh = (await buy(t, s.who, v, 1)).orders[0]._id as string;
    const freshLine = (await send(t, "GET", `/api/disputes/orders/${fresh}`, s.who)).json();
    expect(freshLine.refusal).toBe("You can report a problem only once the order is delivered.");
    const before = await count("disputes");
    const photosBefore = await count("dispute_photos");

    const notDelivered = await open(s.who, openBody(fresh, freshLine.lines[0].itemId));
    expect(notDelivered.statusCode).toBe(409);
    expect(notDelivered.json().message).toBe(
      "You can report a problem only once the order is delivered.",
    );
    const foreign = await open(other.who, openBody(orderId, itemId));
    expect(foreign.statusCode).toBe(404);
    const wrongLine = await open(s.who, openBody(orderId, freshLine.lines[0].itemId));
    expect(wrongLine.statusCode).toBe(400);
    expect(wrongLine.json().message).toBe("That item is not in this order.");
    const notImage = await open(s.who, {
      ...openBody(orderId, itemId),
      photos: [
        {
          image: `data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`,
        },
      ],
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe("Each photo must be a JPG, PNG, GIF or WebP picture.");
    const big = Buffer.alloc(4 * 1024 * 1024 + 1, 7).toString("base64");
    const tooLarge = await open(s.who, {
      ...openBody(orderId, itemId),
      photos: [{ image: `data:image/jpeg;base64,${big}` }],
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe("Each photo must be at most 4 MB.");
    const six = await open(s.who, {
      ...openBody(orderId, itemId),
      photos: Array.from({ length: 6 }, () => ({ image: png })),
    });
    expect(six.statusCode).toBe(400);
    const short = await open(s.who, { ...openBody(orderId, itemId), description: "bad" });
    expect(short.statusCode).toBe(400);
    expect(await count("disputes")).toBe(before);
    expect(await count("dispute_photos")).toBe(photosBefore);

    expect((await open(s.who, openBody(orderId, itemId))).statusCode).toBe(200);
    const second = await open(s.who, openBody(orderId, itemId));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      "You already have an open dispute about this item. Reply in its thread instead.",
    );
    expect(await count("disputes")).toBe(before + 1);

    // Delivered eight days ago: the seven-day window has closed.
    const late = await delivered(s.who);
    await t.database.db.execute(
      sql`update order_events set created_at = now() - interval '8 days' where order_id = ${late.orderId}`,
    );
    const closed = await open(s.who, openBody(late.orderId, late.itemId));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(
      "The 7-day window to report a problem with this order has closed.",
    );
    expect(await count("disputes", sql`order_id = ${late.orderId}`)).toBe(0);
  });

  it("two opens of one line at once: one wins, the other is told, one row", async () => {
    const s = await shopper();
    const { orderId, itemId } = await delivered(s.who);
    for (let round = 0; round < 3; round++) {
      if (round > 0)
        await t.database.db.execute(
          sql`update disputes set status = 'rejected', resolution = 'rejected' where order_item_id = ${itemId}`,
        );
      const both = await Promise.all([
        open(s.who, openBody(orderId, itemId)),
        open(s.who, openBody(orderId, itemId)),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(
        await count(
          "disputes",
          sql`order_item_id = ${itemId} and status in ('open', 'awaiting_shopper')`,
        ),
      ).toBe(1);
    }
  });

  it("is the owner's: another shopper gets 404 for the order, the dispute and its messages; a visitor 401", async () => {
    const s = await shopper();
    const other = await shopper();
    const { orderId, itemId } = await delivered(s.who);
    const id = (await open(s.who, openBody(orderId, itemId))).json()._id as string;
    expect((await send(t, "GET", `/api/disputes/orders/${orderId}`, other.who)).statusCode).toBe(
      404,
    );
    expect((await send(t, "GET", `/api/disputes/${id}`, other.who)).statusCode).toBe(404);
    const reply = await send(t, "POST", `/api/disputes/${id}/messages`, other.who, {
      text: "mine?",
    });
    expect(reply.statusCode).toBe(404);
    expect(await count("dispute_messages", sql`dispute_id = ${id}`)).toBe(0);
    expect((await send(t, "GET", "/api/disputes", other.who)).json().disputes).toEqual([]);
    expect((await send(t, "GET", `/api/disputes/not-a-uuid`, s.who)).statusCode).toBe(404);
    for (const [method, url] of [
      ["GET", "/api/disputes"],
      ["GET", `/api/disputes/${id}`],
      ["GET", `/api/disputes/orders/${orderId}`],
      ["POST", `/api/disputes/${id}/messages`],
      ["POST", "/api/disputes"],
    ] as const)
      expect(
        (await send(t, method, url, guest(), method === "POST" ? { text: "x" } : undefined))
          .statusCode,
        url,
      ).toBe(401);
  });
});

describe("the thread", () => {
  it("staff reply (awaiting the shopper, dispute.message, audited), the shopper answers (open again), rate limited", async () => {
    const s = await shopper();
    const { orderId, itemId } = await delivered(s.who);
    const id = (await open(s.who, openBody(orderId, itemId))).json()._id as string;
    const r1 = await staffReply(id, "Please send a photo of the <b>box</b> too.");
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toMatchObject({
      status: "awaiting_shopper",
      messages: [
        {
          from: "staff",
          author: "Maidan support",
          text: "Please send a photo of the <b>box</b> too.",
        },
      ],
    });
    expect(await eventsNamed("dispute.message", id)).toEqual([
      { userId: s.id, disputeId: id, orderId, orderNo: expect.any(String), from: "staff" },
    ]);
    expect(await auditOf(id)).toEqual([{ action: "reply", actor_role: "manager" }]);
    const mine = await send(t, "GET", `/api/disputes/${id}`, s.who);
    expect(mine.json().status).toBe("awaiting_shopper");
    const answer = await send(t, "POST", `/api/disputes/${id}/messages`, s.who, {
      text: "  Sent by e-mail  ",
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().status).toBe("open");
    expect(
      answer.json().messages.map((m: { from: string; text: string }) => [m.from, m.text]),
    ).toEqual([
      ["staff", "Please send a photo of the <b>box</b> too."],
      ["shopper", "Sent by e-mail"],
    ]);
    const empty = await send(t, "POST", `/api/disputes/${id}/messages`, s.who, { text: "   " });
    expect(empty.statusCode).toBe(400);
    // The shopper's messages are limited per hour.
    let last = 200;
    for (let n = 1; n < MESSAGES_PER_HOUR + 1 && last === 200; n++)
      last = (await send(t, "POST", `/api/disputes/${id}/messages`, s.who, { text: `more ${n}` }))
        .statusCode;
    expect(last).toBe(429);
    expect(await count("dispute_messages", sql`dispute_id = ${id} and author = 'shopper'`)).toBe(
      MESSAGES_PER_HOUR,
    );
  });
});

describe("resolving", () => {
  it("refunds the line to the wallet through the refunds' code: ledger, order refund, event, audit; once", async () => {
    const s = await shopper();
    const { orderId, itemId, total } = await delivered(s.who, 2);
    const id = (await open(s.who, openBody(orderId, itemId))).json()._id as string;
    const tooMuch = await resolve(id, {
      action: "refund",
      to: "wallet",
      amount: total + 1,
      note: "Sorry",
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(await walletBalance(s.id)).toBe(0);
    const missingTo = await resolve(id, { action: "refund", amount: 10, note: "Sorry" });
    expect(missingTo.statusCode).toBe(400);

    const amount = Math.floor(total / 2);
    const res = await resolve(id, {
      action: "refund",
      to: "wallet",
      amount,
      note: "Sorry about the sole",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "resolved",
      resolution: "refund_wallet",
      amount,
      resolutionNote: "Sorry about the sole",
    });
    expect(await walletBalance(s.id)).toBe(amount);
    const refunds = (
      await send(t, "GET", `/api/admin/orders/${orderId}/refunds`, roles.admin)
    ).json();
    expect(refunds).toMatchObject({
      refunded: amount,
      refunds: [{ amount, to: "wallet", status: "refunded" }],
    });
    expect(refunds.refunds[0].reason).toContain("Dispute (damaged");
    expect(await eventsNamed("dispute.resolved", id)).toEqual([
      {
        userId: s.id,
        disputeId: id,
        orderId,
        orderNo: expect.any(String),
        resolution: "refund_wallet",
        amount,
      },
    ]);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["resolve"]);
    const twice = await resolve(id, { action: "refund", to: "wallet", amount: 1, note: "again" });
    expect(twice.statusCode).toBe(409);
    expect(await walletBalance(s.id)).toBe(amount);
    const late = await send(t, "POST", `/api/disputes/${id}/messages`, s.who, { text: "thanks" });
    expect(late.statusCode).toBe(409);
    // Closed: the line may be disputed again.
    expect((await open(s.who, openBody(orderId, itemId))).statusCode).toBe(200);
  });

  it("never refunds more than the order has left: 409, the dispute stays open, nothing written", async () => {
    const s = await shopper();
    const { orderId, itemId } = await delivered(s.who, 1);
    const id = (await open(s.who, openBody(orderId, itemId))).json()._id as string;
    // The whole order, shipping included (a cheaper variant pays for shipping).
    const { total } = (
      await t.database.db.execute(sql`select total from orders where id = ${orderId}`)
    ).rows[0] as { total: number };
    const all = await send(t, "POST", `/api/admin/orders/${orderId}/refunds`, roles.admin, {
      amount: total,
      to: "wallet",
      reason: "refunded by phone",
    });
    expect(all.statusCode, all.body).toBe(200);
    const res = await resolve(id, { action: "refund", to: "wallet", amount: 1, note: "Sorry" });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain("left to refund");
    const d = (await send(t, "GET", `/api/admin/disputes/${id}`, roles.manager)).json();
    expect(d).toMatchObject({ status: "open", refundLeft: 0 });
    expect(await count("order_refunds", sql`order_id = ${orderId}`)).toBe(1);
    expect(await eventsNamed("dispute.resolved", id)).toEqual([]);
  });

  it("a replacement is a Rs. 0 confirmed order of the line, its stock taken; out of stock is 409 with nothing written", async () => {
    const s = await shopper();
    const { orderId, itemId } = await delivered(s.who, 2);
    const id = (await open(s.who, { ...openBody(orderId, itemId), wanted: "replacement" })).json()
      ._id as string;
    await setStock(t, v.vid, 1);
    const orders = await count("orders");
    const none = await resolve(id, { action: "replacement", note: "A new pair is on its way" });
    expect(none.statusCode).toBe(409);
    expect(await count("orders")).toBe(orders);
    expect(await stockOf(t, v.vid)).toBe(1);

    await setStock(t, v.vid, 10);
    const res = await resolve(id, { action: "replacement", note: "A new pair is on its way" });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({ status: "resolved", resolution: "replacement", amount: null });
    expect(await stockOf(t, v.vid)).toBe(8);
    const made = (
      await t.database.db.execute(
        sql`select o.status, o.total, o.subtotal, o.payment_status, o.user_id, i.qty, i.price, i.variant_id
          from orders o join order_items i on i.order_id = o.id where o.id = ${d.replacementOrderId}`,
      )
    ).rows;
    expect(made).toEqual([
      {
        status: "confirmed",
        total: 0,
        subtotal: 0,
        payment_status: "paid",
        user_id: s.id,
        qty: 2,
        price: 0,
        variant_id: v.vid,
      },
    ]);
    const mine = await send(t, "GET", `/api/orders/my/${d.replacementOrderId}`, s.who);
    expect(mine.statusCode).toBe(200);
    expect((await eventsNamed("dispute.resolved", id))[0]).toMatchObject({
      resolution: "replacement",
      replacementOrderId: d.replacementOrderId,
    });
    await setStock(t, v.vid, 1000);
  });

  it("rejects with a reason; two staff at once: one closes it, the other gets 409", async () => {
    const s = await shopper();
    const { orderId, itemId } = await delivered(s.who);
    const id = (await open(s.who, openBody(orderId, itemId))).json()._id as string;
    const noReason = await resolve(id, { action: "reject", note: "" });
    expect(noReason.statusCode).toBe(400);
    const both = await Promise.all([
      resolve(id, { action: "reject", note: "The photos show wear from use" }),
      resolve(id, { action: "refund", to: "wallet", amount: 5, note: "Goodwill" }, roles.admin),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const d = (await send(t, "GET", `/api/disputes/${id}`, s.who)).json();
    expect(["rejected", "resolved"]).toContain(d.status);
    expect(await eventsNamed("dispute.resolved", id)).toHaveLength(1);
    expect(await walletBalance(s.id)).toBe(d.status === "resolved" ? 5 : 0);
  });
});

describe("the staff queue", () => {
  it("lists by status, open first; managers and admins only", async () => {
    const s = await shopper();
    const { orderId, itemId } = await delivered(s.who);
    const id = (await open(s.who, openBody(orderId, itemId))).json()._id as string;
    const list = await send(t, "GET", "/api/admin/disputes?status=open", roles.admin);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.disputes.every((d: { status: string }) => d.status === "open")).toBe(true);
    expect(body.disputes.map((d: { _id: string }) => d._id)).toContain(id);
    expect(body.disputes.find((d: { _id: string }) => d._id === id).customer.name).toBe(
      "Test User",
    );
    expect((await send(t, "GET", "/api/admin/disputes?status=nope", roles.admin)).statusCode).toBe(
      400,
    );
    const detail = await send(t, "GET", `/api/admin/disputes/${id}`, roles.manager);
    expect(detail.json()).toMatchObject({ customer: { _id: s.id }, orderStatus: "delivered" });
    for (const who of [roles.vendor, roles.shopper])
      for (const [method, url, body] of [
        ["GET", "/api/admin/disputes", undefined],
        ["GET", `/api/admin/disputes/${id}`, undefined],
        ["POST", `/api/admin/disputes/${id}/messages`, { text: "hi" }],
        ["POST", `/api/admin/disputes/${id}/resolve`, { action: "reject", note: "no way" }],
      ] as const)
        expect((await send(t, method, url, who, body)).statusCode, url).toBe(403);
    expect((await send(t, "GET", `/api/disputes/${id}`, s.who)).json().status).toBe("open");
    expect(await count("dispute_messages", sql`dispute_id = ${id}`)).toBe(0);
  });
});
