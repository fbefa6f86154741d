import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import {
  guest,
  pickVariants,
  send,
  setStock,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { buy } from "../../testing/order-helpers.ts";
import { startPushService } from "../../testing/push-service.ts";
import { loginAs } from "../../testing/staff-helpers.ts";
import type { EventName } from "../events/events.ts";

/** In-app notifications from domain events, and web push to a local push service (decision 049). */
let t: TestApp;
let v: TestVariant;
let admin: Record<string, string>;
let push: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ products: 4 });
  [v] = (await pickVariants(t, 1)) as [TestVariant];
  await setStock(t, v.vid, 500);
  admin = await loginAs(t, "admin@test.pk", "admin-pass-123");
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const shopper = async () => {
  const u = await signUp(t);
  return { id: u.id, headers: bearer(u.token) };
};
const list = async (who: Record<string, string>) => {
  await t.app.domains.jobs.drain();
  const res = await send(t, "GET", "/api/user_notifications", who);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    unread: number;
    notifications: {
      _id: string;
      kind: string;
      title: string;
      body: string;
      link: string;
      readAt: string | null;
    }[];
  };
};
const move = async (id: string, body: Record<string, unknown>) => {
  const res = await send(t, "POST", `/api/admin/orders/${id}/transition`, admin, body);
  expect(res.statusCode, res.body).toBe(200);
};
const emit = (name: EventName, subjectId: string | null, payload: Record<string, unknown>) =>
  t.database.db.transaction((tx) => t.app.domains.events.emit(tx, name, subjectId, payload));
/** A wishlist's back-in-stock event for the shopper; the product's id. */
const backInStock = async (userId: string, productName: string) => {
  const productId = crypto.randomUUID();
  const productSlug = productName.toLowerCase();
  await emit("wishlist.back_in_stock", productId, { userId, productId, productSlug, productName });
  return productId;
};
const rowsOf = async (userId: string) =>
  Number(
    (
      await t.database.pool.query<{ n: number }>(
        "select count(*)::int as n from user_notifications where user_id = $1",
        [userId],
      )
    ).rows[0]?.n,
  );

describe("an order's notifications", () => {
  it("placed, confirmed, shipped, delivered with a review reminder: each names the order and links to it, newest first", async () => {
    const me = await shopper();
    const placed = await buy(t, me.headers, v);
    const order = placed.orders[0] as { _id: string; orderNo: string };
    let mine = await list(me.headers);
    expect(mine.unread).toBe(1);
    expect(mine.notifications).toMatchObject([
      {
        kind: "order_placed",
        title: `Order ${order.orderNo} placed`,
        body: "Confirm it with the code in our SMS and we will pack it.",
        link: `/my/orders/${order._id}`,
        readAt: null,
      },
    ]);
    await move(order._id, { action: "confirm" });
    await move(order._id, { action: "pack" });
    await move(order._id, { action: "ship", courier: "TCS", trackingNo: "TCS-7654321" });
    await move(order._id, { action: "deliver" });
    mine = await list(me.headers);
    // Packing is not news to the shopper.
    expect(mine.notifications.map((n) => n.kind)).toEqual([
      "review_reminder",
      "order_delivered",
      "order_shipped",
      "order_confirmed",
      "order_placed",
    ]);
    expect(mine.unread).toBe(5);
    const [reminder, delivered, shipped] = mine.notifications;
    expect(reminder).toMatchObject({
      title: `How was order ${order.orderNo}?`,
      link: "/my/reviews",
    });
    expect(delivered).toMatchObject({
      title: `Order ${order.orderNo} delivered`,
      link: `/my/orders/${order._id}`,
    });
    expect(shipped?.body).toBe("On its way with TCS, tracking number TCS-7654321.");
  });

  it("cancelled by the shopper, refunded, a failed payment", async () => {
    const me = await shopper();
    const placed = await buy(t, me.headers, v);
    const order = placed.orders[0] as { _id: string; orderNo: string };
    expect(
      (await send(t, "POST", `/api/orders/my/${order._id}/cancel`, me.headers, {})).statusCode,
    ).toBe(200);
    await emit("order.refunded", order._id, {
      orderNo: order.orderNo,
      amount: 2499,
      to: "wallet",
      status: "refunded",
    });
    await emit("payment.failed", crypto.randomUUID(), {
      gateway: "jazzcash",
      purpose: "order",
      checkoutId: placed.masterId,
      amount: 2499,
      status: "failed",
    });
    // A failed wallet top-up names no order: nothing.
    await emit("payment.failed", crypto.randomUUID(), { purpose: "wallet_topup", amount: 500 });
    const mine = await list(me.headers);
    expect(mine.notifications.slice(0, 3)).toMatchObject([
      {
        kind: "payment_failed",
        title: `Payment for order ${order.orderNo} did not go through`,
        body: "Your payment of Rs. 2,499 was not completed. Try again or choose cash on delivery.",
        link: `/my/orders/${order._id}`,
      },
      { kind: "order_refunded", body: "Rs. 2,499 refunded to your wallet." },
      {
        kind: "order_cancelled",
        title: `Order ${order.orderNo} cancelled`,
        body: "Reason: Cancelled by the customer",
      },
    ]);
    expect(mine.notifications).toHaveLength(4);
  });

  it("a guest's order notifies nobody", async () => {
    const before = Number(
      (
        await t.database.pool.query<{ n: number }>(
          "select count(*)::int as n from user_notifications",
        )
      ).rows[0]?.n,
    );
    const placed = await buy(t, guest(), v);
    await move(placed.orders[0]._id, { action: "confirm" });
    await t.app.domains.jobs.drain();
    const after = Number(
      (
        await t.database.pool.query<{ n: number }>(
          "select count(*)::int as n from user_notifications",
        )
      ).rows[0]?.n,
    );
    expect(after).toBe(before);
  });
});

describe("the shopper features' events", () => {
  it("reviews, disputes, wishlist and vendor applications, with the payloads of events.ts", async () => {
    const me = await shopper();
    const productId = crypto.randomUUID();
    const disputeId = crypto.randomUUID();
    const dispute = {
      userId: me.id,
      disputeId,
      orderId: crypto.randomUUID(),
      orderNumber: "MD-1001",
    };
    await emit("review.published", productId, {
      userId: me.id,
      reviewId: crypto.randomUUID(),
      productId,
      productSlug: "lawn-suit",
      productName: "Lawn suit",
    });
    await emit("dispute.opened", disputeId, dispute);
    await emit("dispute.message", disputeId, { ...dispute, from: "shopper" });
    await emit("dispute.message", disputeId, { ...dispute, from: "staff" });
    await emit("dispute.resolved", disputeId, { ...dispute, resolution: "refund", amount: 1200 });
    await emit("wishlist.price_dropped", productId, {
      userId: me.id,
      productId,
      productSlug: "lawn-suit",
      productName: "Lawn suit",
      oldPrice: 3000,
      newPrice: 2500,
    });
    await emit("wishlist.back_in_stock", productId, {
      userId: me.id,
      productId,
      productSlug: "lawn-suit",
      productName: "Lawn suit",
    });
    await emit("vendor_application.decided", crypto.randomUUID(), {
      userId: me.id,
      applicationId: crypto.randomUUID(),
      approved: false,
      reason: "No NTN given",
    });
    // An application without an account: nobody to tell.
    await emit("vendor_application.decided", crypto.randomUUID(), {
      userId: null,
      applicationId: crypto.randomUUID(),
      approved: true,
    });
    const mine = await list(me.headers);
    expect(mine.notifications.map((n) => [n.kind, n.title, n.body, n.link]).reverse()).toEqual([
      [
        "review_published",
        "Your review is published",
        "Your review of Lawn suit is live. Thank you!",
        "/lawn-suit",
      ],
      [
        "dispute_opened",
        "Dispute opened for order MD-1001",
        "Our team will look into it and reply in the dispute.",
        `/my/disputes/detail/${disputeId}`,
      ],
      [
        "dispute_message",
        "New reply on your dispute for order MD-1001",
        "Our team replied. Open the dispute to read it.",
        `/my/disputes/detail/${disputeId}`,
      ],
      [
        "dispute_resolved",
        "Dispute for order MD-1001 resolved",
        "Rs. 1,200 refunded.",
        `/my/disputes/detail/${disputeId}`,
      ],
      [
        "price_drop",
        "Price drop: Lawn suit",
        "Now Rs. 2,500, was Rs. 3,000. It is on your wishlist.",
        "/lawn-suit",
      ],
      [
        "back_in_stock",
        "Back in stock: Lawn suit",
        "An item on your wishlist is available again.",
        "/lawn-suit",
      ],
      [
        "vendor_application",
        "Your seller application was not approved",
        "Reason: No NTN given",
        "/apply-for-vendor",
      ],
    ]);
  });

  it("a consumer that runs twice for one event writes once", async () => {
    const me = await shopper();
    const productId = await backInStock(me.id, "Kurta");
    await t.app.domains.jobs.drain();
    expect(await rowsOf(me.id)).toBe(1);
    const row = (
      await t.database.pool.query<{
        id: string;
        name: "wishlist.back_in_stock";
        subject_id: string;
        payload: Record<string, unknown>;
      }>("select id, name, subject_id, payload from domain_events where subject_id = $1", [
        productId,
      ])
    ).rows[0];
    if (!row) throw new Error("no event");
    const again = await t.app.domains.notifications.onEvent({
      id: row.id,
      name: row.name,
      subjectId: row.subject_id,
      payload: row.payload,
    });
    expect(again).toEqual({ written: 0 });
    expect(await rowsOf(me.id)).toBe(1);
  });
});

it("lists by when the event happened, not when its consumer ran: a retried early event stays below a later one", async () => {
  const me = await shopper();
  const event = (name: "wishlist.back_in_stock", productName: string, at: string) => {
    const productId = crypto.randomUUID();
    return {
      id: crypto.randomUUID(),
      name,
      subjectId: productId,
      payload: { userId: me.id, productId, productSlug: productName, productName },
      at,
    };
  };
  // The later event's consumer runs first; the earlier one's runs after (a retry, a backlog).
  await t.app.domains.notifications.onEvent(
    event("wishlist.back_in_stock", "Later", "2026-03-01T10:00:00.000002Z"),
  );
  await t.app.domains.notifications.onEvent(
    event("wishlist.back_in_stock", "Earlier", "2026-03-01T10:00:00.000001Z"),
  );
  const mine = await list(me.headers);
  expect(mine.notifications.map((n) => n.link)).toEqual(["/Later", "/Earlier"]);
});

describe("GET /api/user_notifications and marking read", () => {
  it("needs a signed-in shopper", async () => {
    for (const [method, url] of [
      ["GET", "/api/user_notifications"],
      ["GET", `/api/user_notifications/${crypto.randomUUID()}/read`],
      ["POST", "/api/user_notifications/read-all"],
    ] as const)
      expect((await send(t, method, url, {})).statusCode, url).toBe(401);
  });

  it("marks one read (another shopper's or an unknown id → 404, nothing changed), then all", async () => {
    const me = await shopper();
    const other = await shopper();
    for (const name of ["Scarf", "Shawl", "Cap"]) await backInStock(me.id, name);
    let mine = await list(me.headers);
    expect(mine.unread).toBe(3);
    const first = mine.notifications[0] as { _id: string };
    for (const id of [first._id, crypto.randomUUID(), "not-an-id"]) {
      const res = await send(t, "GET", `/api/user_notifications/${id}/read`, other.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: "Notification not found" });
    }
    expect((await list(me.headers)).unread).toBe(3);
    expect((await list(other.headers)).notifications).toEqual([]);
    const read = await send(t, "GET", `/api/user_notifications/${first._id}/read`, me.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).toEqual(expect.any(String));
    // Reading it again keeps the first time.
    const again = await send(t, "GET", `/api/user_notifications/${first._id}/read`, me.headers);
    expect(again.json().readAt).toBe(read.json().readAt);
    mine = await list(me.headers);
    expect(mine.unread).toBe(2);
    expect(mine.notifications.find((n) => n._id === first._id)?.readAt).toBe(read.json().readAt);
    // read-all marks only mine.
    await backInStock(other.id, "Pouch");
    const all = await send(t, "POST", "/api/user_notifications/read-all", me.headers);
    expect(all.json()).toEqual({ marked: 2 });
    expect((await list(me.headers)).unread).toBe(0);
    expect((await list(other.headers)).unread).toBe(1);
  });

  it("bad input: a limit out of range is a 400", async () => {
    const me = await shopper();
    const res = await send(t, "GET", "/api/user_notifications?limit=1000", me.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400 });
  });
});

describe("web push", () => {
  it("the VAPID public key is the one pushes are signed with, the same on every call", async () => {
    const a = await send(t, "GET", "/api/push/vapid-public-key", {});
    expect(a.statusCode).toBe(200);
    expect(a.json().publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect((await send(t, "GET", "/api/push/vapid-public-key", {})).json()).toEqual(a.json());
  });

  it("a notification is pushed to each of the shopper's browsers through the push service", async () => {
    const me = await shopper();
    const phone = push.subscribe();
    const laptop = push.subscribe();
    for (const s of [phone, laptop])
      expect((await send(t, "POST", "/api/push/subscriptions", me.headers, s)).statusCode).toBe(
        200,
      );
    const placed = await buy(t, me.headers, v);
    const order = placed.orders[0] as { _id: string; orderNo: string };
    await t.app.domains.jobs.drain();
    const expected = {
      title: `Order ${order.orderNo} placed`,
      body: "Confirm it with the code in our SMS and we will pack it.",
      link: `/my/orders/${order._id}`,
      tag: expect.stringMatching(/^[0-9a-f]{32}$/),
    };
    expect(push.messagesFor(phone.endpoint)).toEqual([expected]);
    expect(push.messagesFor(laptop.endpoint)).toEqual([expected]);
    // Signed with the shop's key (VAPID), with a day to live.
    const key = (await send(t, "GET", "/api/push/vapid-public-key", {})).json().publicKey;
    const got = push.received.find((r) => phone.endpoint.endsWith(r.path));
    expect(got?.headers.authorization).toContain(`k=${key}`);
    expect(got?.headers.ttl).toBe("86400");
    expect(got?.headers["content-encoding"]).toBe("aes128gcm");
  });

  it("a subscription the push service says is gone (410) is removed; the others keep theirs", async () => {
    const me = await shopper();
    const live = push.subscribe();
    const dead = push.subscribe();
    for (const s of [live, dead]) await send(t, "POST", "/api/push/subscriptions", me.headers, s);
    push.answer(dead.endpoint, 410);
    await backInStock(me.id, "Kurta");
    await t.app.domains.jobs.drain();
    const endpoints = (
      await t.database.pool.query<{ endpoint: string }>(
        "select endpoint from push_subscriptions where user_id = $1",
        [me.id],
      )
    ).rows.map((r) => r.endpoint);
    expect(endpoints).toEqual([live.endpoint]);
    expect(push.messagesFor(live.endpoint)).toMatchObject([
      { title: "Back in stock: Kurta", link: "/kurta" },
    ]);
  });

  it("a push service that fails (503) leaves the subscription with its error, and the push is tried again", async () => {
    const me = await shopper();
    const s = push.subscribe();
    await send(t, "POST", "/api/push/subscriptions", me.headers, s);
    push.answer(s.endpoint, 503);
    await backInStock(me.id, "Dupatta");
    await t.app.domains.jobs.drain();
    const row = (
      await t.database.pool.query<{ last_error: string | null }>(
        "select last_error from push_subscriptions where endpoint = $1",
        [s.endpoint],
      )
    ).rows;
    expect(row).toEqual([{ last_error: "push service answered 503" }]);
    const jobs = (
      await t.database.pool.query<{ state: string }>(
        "select state from pgboss.job where name = 'notifications.push' and data->>'subscriptionId' = (select id::text from push_subscriptions where endpoint = $1)",
        [s.endpoint],
      )
    ).rows;
    // Failed once, waiting for its next try (pg-boss's backoff).
    expect(jobs).toEqual([{ state: "retry" }]);
  });

  it("subscribing: signed in only, checked; a browser signed in as another shopper moves to them; unsubscribe only one's own", async () => {
    const me = await shopper();
    const other = await shopper();
    const s = push.subscribe();
    expect((await send(t, "POST", "/api/push/subscriptions", {}, s)).statusCode).toBe(401);
    for (const bad of [
      { ...s, endpoint: "ftp://example.com/x" },
      { ...s, keys: { p256dh: "<script>", auth: s.keys.auth } },
      { endpoint: s.endpoint },
    ]) {
      const res = await send(t, "POST", "/api/push/subscriptions", me.headers, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    }
    const owner = async () =>
      (
        await t.database.pool.query<{ user_id: string }>(
          "select user_id from push_subscriptions where endpoint = $1",
          [s.endpoint],
        )
      ).rows.map((r) => r.user_id);
    expect(await owner()).toEqual([]);
    await send(t, "POST", "/api/push/subscriptions", me.headers, s);
    expect(await owner()).toEqual([me.id]);
    await send(t, "POST", "/api/push/subscriptions", other.headers, s);
    expect(await owner()).toEqual([other.id]);
    // Now it is the other's: I cannot remove it.
    const mine = await send(t, "DELETE", "/api/push/subscriptions", me.headers, {
      endpoint: s.endpoint,
    });
    expect(mine.statusCode).toBe(404);
    expect(await owner()).toEqual([other.id]);
    const theirs = await send(t, "DELETE", "/api/push/subscriptions", other.headers, {
      endpoint: s.endpoint,
    });
    expect(theirs.statusCode).toBe(200);
    expect(await owner()).toEqual([]);
  });
});
