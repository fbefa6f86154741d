import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  guest,
  pickVariants,
  send,
  setStock,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { ADDRESS, buy, lastSms } from "../../testing/order-helpers.ts";
import type { Jobs } from "../jobs/jobs.ts";
import { createEvents } from "./events.ts";

/** Domain events: written in the business transaction, consumed by jobs (decision 035). */
let t: TestApp;
let v: TestVariant;
beforeAll(async () => {
  t = await createTestApp({ products: 4 });
  [v] = (await pickVariants(t, 1)) as [TestVariant];
  await setStock(t, v.vid, 100);
});
afterAll(() => t?.close());

const eventsOf = async (subjects: string[]) =>
  (
    await t.database.pool.query<{
      name: string;
      subject_id: string;
      payload: Record<string, unknown>;
    }>(
      "select name, subject_id, payload from domain_events where subject_id = any($1::uuid[]) order by created_at",
      [subjects],
    )
  ).rows;
const sent = async (recipient: string) => {
  await t.app.domains.jobs.drain();
  return (
    await t.database.pool.query<{ channel: string; subject: string | null }>(
      "select channel, subject from dev_outbox where recipient = $1",
      [recipient],
    )
  ).rows;
};

describe("order events", () => {
  it("a COD order: order.placed with its checkout; confirmed by code, order.confirmed; cancelled, order.cancelled", async () => {
    const who = guest();
    const placed = await buy(t, who, v);
    const id = placed.orders[0]._id as string;
    expect(await eventsOf([placed.masterId])).toEqual([
      {
        name: "order.placed",
        subject_id: placed.masterId,
        payload: { userId: null, orderIds: [id], paymentMethod: "COD", total: placed.amount.total },
      },
    ]);
    // The SMS is a job: once sent, its code confirms the order.
    const code = (await lastSms(t, `92${ADDRESS.phone.slice(1)}`)).match(/code (\d{6})/)?.[1];
    const confirm = await send(t, "POST", `/api/orders/my/${id}/confirm`, who, { code });
    expect(confirm.statusCode).toBe(200);
    expect((await send(t, "POST", `/api/orders/my/${id}/cancel`, who, {})).statusCode).toBe(200);
    expect((await eventsOf([id])).map((e) => [e.name, e.payload])).toEqual([
      ["order.confirmed", { note: "Confirmed by SMS code" }],
      ["order.cancelled", { reason: "Cancelled by the customer" }],
    ]);
  });
});

describe("payment.paid and its consumer", () => {
  it("the order messages of a paid checkout, enqueued once however often the consumer runs", async () => {
    const email = `paid-${Date.now()}@example.com`;
    const who = guest();
    const placed = await buy(t, who, v);
    // The checkout as a gateway would leave it: paid online.
    await t.database.pool.query(
      "update orders set payment_status = 'paid', payment_method = 'JazzCash', address = address || $2::jsonb where checkout_id = $1",
      [placed.masterId, JSON.stringify({ email, phone: "923331112223" })],
    );
    await t.app.domains.jobs.drain();
    const emit = (ordersPaid: boolean) =>
      t.database.db.transaction((tx) =>
        t.app.domains.events.emit(tx, "payment.paid", crypto.randomUUID(), {
          checkoutId: placed.masterId,
          purpose: "order",
          ordersPaid,
        }),
      );
    // A payment that did not pay the orders (another attempt had, or refund due) tells no one.
    await emit(false);
    expect(await sent(email)).toEqual([]);
    await emit(true);
    expect(await sent(email)).toEqual([
      { channel: "email", subject: `Your Maidan order ${placed.orders[0].orderNo}` },
    ]);
    expect(await sent("923331112223")).toHaveLength(1);
    // The dev outbox keeps the e-mail's HTML part and /api/dev/outbox returns it.
    const outbox = await t.app.inject({ method: "GET", url: `/api/dev/outbox?to=${email}` });
    const [mail] = outbox.json().messages as { body: string; html: string | null }[];
    expect(mail?.html).toMatch(/^<!doctype html>/);
    expect(mail?.html).toContain(placed.orders[0].orderNo);
    expect(mail?.body).toContain("paid online");
    // The consumer's job run again (a crash before pg-boss recorded it done): nothing more.
    await t.database.pool.query(
      "update pgboss.job set state = 'created', completed_on = null, start_after = now() where name = 'events.order-paid-messages'",
    );
    expect(await sent(email)).toHaveLength(1);
    expect(await sent("923331112223")).toHaveLength(1);
    expect(
      (
        await t.database.pool.query(
          "select state from pgboss.job where name = 'events.order-paid-messages'",
        )
      ).rows,
    ).toEqual([{ state: "completed" }, { state: "completed" }]);
  });
});

describe("a consumer's condition", () => {
  it("gets a job only for the events its `when` accepts; the event is written either way", async () => {
    const queued: string[] = [];
    const jobs = {
      define: () => {},
      enqueue: async (_tx: unknown, queue: string) => {
        queued.push(queue);
        return "job";
      },
    } as unknown as Jobs;
    const events = createEvents(jobs);
    events.on(["order.placed"], "everyone", async () => {});
    events.on(["order.placed"], "shoppers", async () => {}, {
      when: (e) => e.payload.userId != null,
    });
    const subjects = [crypto.randomUUID(), crypto.randomUUID()];
    await t.database.db.transaction(async (tx) => {
      await events.emit(tx, "order.placed", subjects[0]!, { userId: null });
      await events.emit(tx, "order.placed", subjects[1]!, { userId: "a shopper" });
    });
    expect(queued).toEqual(["events.everyone", "events.everyone", "events.shoppers"]);
    expect((await eventsOf(subjects)).map((e) => e.subject_id)).toEqual(subjects);
  });
});
