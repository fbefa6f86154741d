import { createHash, createHmac } from "node:crypto";
import type { LuckyDrawPage, LuckyDrawProof } from "@maidan/contracts/lucky-draw";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, uniquePhone } from "../../testing/auth-helpers.ts";
import { pickVariants, send, setStock, type TestVariant } from "../../testing/cart-helpers.ts";
import { buy, lastSms } from "../../testing/order-helpers.ts";
import { deliveredOrder, everyRole } from "../../testing/staff-helpers.ts";
import { LUCKY_DRAW_RUN_QUEUE } from "./lucky-draw.service.ts";

/** The lucky draw (decision 056): entries, the draw's run, the proof and who may do what. */
const PER_ENTRY = 500;
let t: TestApp;
let v: TestVariant;
let roles: Awaited<ReturnType<typeof everyRole>>;
beforeAll(async () => {
  t = await createTestApp({
    products: 12,
    env: { LUCKY_DRAW_RUPEES_PER_ENTRY: String(PER_ENTRY) },
  });
  // A variant of at least Rs. 1,000: every order of it earns entries.
  const found = (await pickVariants(t, 12)).find((x) => x.price >= 1000);
  if (!found) throw new Error("no variant of Rs. 1,000 or more");
  v = found;
  await setStock(t, v.vid, 500);
  roles = await everyRole(t);
});
afterAll(async () => {
  await t?.close();
});

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const query = <T>(text: string, values: unknown[] = []) =>
  t.database.pool.query(text, values).then((r) => r.rows as T[]);

/** A new draw made by the admin through the API; other open draws are closed out of the way. */
async function newDraw(winnersCount = 1) {
  await query("update lucky_draws set status = 'drawn', drawn_at = now() where status = 'open'");
  const res = await send(t, "POST", "/api/admin/lucky-draws", roles.admin, {
    title: "Eid lucky draw",
    prize: "Rs. 5,000 in your Maidan wallet",
    prizeAmount: 5000,
    winnersCount,
    closesAt: inAnHour(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { _id: string; seedHash: string; seed: string | null };
}

/** The draw's closing time moved into the past, as if its hour had come. */
const close = (id: string) =>
  query(
    "update lucky_draws set opens_at = now() - interval '2 hours', closes_at = now() - interval '1 second' where id = $1",
    [id],
  );

const shopper = async () => {
  const u = await signUp(t, { firstName: "Hina", lastName: "Aslam" });
  const phone = uniquePhone();
  await query("update users set phone = $2 where id = $1", [u.id, phone]);
  return { id: u.id, phone, headers: bearer(u.token) };
};
const spentOn = async (orderId: string) =>
  (
    await query<{ spent: number }>(
      "select (total + wallet_used)::int as spent from orders where id = $1",
      [orderId],
    )
  )[0]?.spent ?? 0;
const pageFor = async (who: Record<string, string>) => {
  await t.app.domains.jobs.drain();
  const res = await send(t, "GET", "/api/lucky-draws", who);
  expect(res.statusCode).toBe(200);
  return res.json() as LuckyDrawPage;
};

describe("entries from delivered orders", () => {
  it("one entry per Rs. N paid, once per order however often the event comes", async () => {
    const draw = await newDraw();
    const me = await shopper();
    const order = await deliveredOrder(t, me.headers, v, 3, roles.admin);
    const expected = Math.floor((await spentOn(order)) / PER_ENTRY);
    expect(expected).toBeGreaterThan(0);
    const page = await pageFor(me.headers);
    expect(page.current?._id).toBe(draw._id);
    expect(page.rupeesPerEntry).toBe(PER_ENTRY);
    expect(page.mine?.entries).toBe(expected);

    // The same delivery event again (a retried job, a replay): nothing more.
    await t.database.db.transaction((tx) =>
      t.app.domains.events.emit(tx, "order.delivered", order, { orderNo: "x" }),
    );
    await t.app.domains.luckyDraw.onDelivered({
      id: (
        await query<{ id: string }>(
          "select id from domain_events where name = 'order.delivered' and subject_id = $1 order by created_at limit 1",
          [order],
        )
      )[0]?.id as string,
      name: "order.delivered",
      subjectId: order,
      payload: {},
    });
    expect((await pageFor(me.headers)).mine?.entries).toBe(expected);
    const rows = await query("select 1 from lucky_draw_entries where order_id = $1", [order]);
    expect(rows).toHaveLength(1);
  });

  it("an order not delivered earns nothing; each shopper sees only their own tickets", async () => {
    await newDraw();
    const a = await shopper();
    const b = await shopper();
    await buy(t, a.headers, v, 2);
    await deliveredOrder(t, b.headers, v, 2, roles.admin);
    expect((await pageFor(a.headers)).mine?.entries).toBe(0);
    expect((await pageFor(b.headers)).mine?.entries).toBeGreaterThan(0);
    // Signed out: the draw, no tickets, no seed.
    const anon = await pageFor({});
    expect(anon.mine).toBeNull();
    expect(anon.current?.seed).toBeNull();
    expect(anon.current?.seedHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("the draw's run", () => {
  it("three shoppers: run twice at once and again by its job → one result, one prize each winner", async () => {
    const draw = await newDraw(2);
    const people = [await shopper(), await shopper(), await shopper()];
    for (const [i, p] of people.entries())
      await deliveredOrder(t, p.headers, v, i + 1, roles.admin);
    await t.app.domains.jobs.drain();
    // Before its time the run refuses (its job tries again later).
    await expect(t.app.domains.luckyDraw.run(draw._id)).rejects.toThrow(/not closed/);
    await close(draw._id);

    const runs = await Promise.all([
      t.app.domains.luckyDraw.run(draw._id),
      t.app.domains.luckyDraw.run(draw._id),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    // The queued job comes due and runs as well: it finds the draw drawn.
    await query(
      "update pgboss.job set start_after = now() where name = $1 and data->>'drawId' = $2",
      [LUCKY_DRAW_RUN_QUEUE, draw._id],
    );
    await t.app.domains.jobs.drain();
    const job = await query<{ state: string }>(
      "select state from pgboss.job where name = $1 and data->>'drawId' = $2",
      [LUCKY_DRAW_RUN_QUEUE, draw._id],
    );
    expect(job.map((j) => j.state)).toEqual(["completed"]);

    const winners = await query<{ user_id: string }>(
      "select user_id from lucky_draw_winners where draw_id = $1 order by place",
      [draw._id],
    );
    expect(winners).toHaveLength(2);
    const credits = await query<{ amount: number; reference: string }>(
      `select e.amount, e.reference from wallet_entries e join wallets w on w.id = e.wallet_id
       where e.kind = 'lucky_draw' and e.reference = $1`,
      [`lucky-draw:${draw._id}`],
    );
    expect(credits).toEqual([
      { amount: 5000, reference: `lucky-draw:${draw._id}` },
      { amount: 5000, reference: `lucky-draw:${draw._id}` },
    ]);

    // Each winner hears of it in the app and by SMS.
    const winner = people.find((p) => p.id === winners[0]?.user_id);
    if (!winner) throw new Error("the winner is not one of the three");
    const notes = await send(t, "GET", "/api/user_notifications", winner.headers);
    expect(notes.json().notifications[0]).toMatchObject({
      kind: "lucky_draw_won",
      title: "You won the Eid lucky draw!",
      link: "/lucky-draw",
    });
    expect(await lastSms(t, winner.phone)).toContain("you won the Eid lucky draw! Rs. 5,000");
    const page = await pageFor(winner.headers);
    expect(page.current).toBeNull();
    expect(page.past[0]?.winners.map((w) => w.name)).toEqual(["H*** A.", "H*** A."]);
  });

  it("anyone recomputes the winners from the published seed and ticket list", async () => {
    const draw = await newDraw(2);
    for (let i = 0; i < 3; i++)
      await deliveredOrder(t, (await shopper()).headers, v, 2, roles.admin);
    await t.app.domains.jobs.drain();
    expect((await send(t, "GET", `/api/lucky-draws/${draw._id}/proof`, {})).statusCode).toBe(404);
    await close(draw._id);
    await t.app.domains.luckyDraw.run(draw._id);

    const res = await send(t, "GET", `/api/lucky-draws/${draw._id}/proof`, {});
    expect(res.statusCode).toBe(200);
    const proof = res.json() as LuckyDrawProof;
    // The hash published when the draw was made is the seed's.
    expect(proof.seedHash).toBe(draw.seedHash);
    expect(createHash("sha256").update(proof.seed).digest("hex")).toBe(draw.seedHash);
    // The list: every entry's tickets in order.
    expect(proof.tickets).toEqual(proof.entries.flatMap((e) => Array(e.count).fill(e.holder)));
    expect(new Set(proof.entries.map((e) => e.holder)).size).toBe(3);

    // The rule as the page states it, written here with Node's crypto.
    const picked: { ticket: number; holder: string }[] = [];
    for (let i = 0; picked.length < proof.winnersCount; i++) {
      const mac = createHmac("sha256", proof.seed).update(`winner-${i}`).digest();
      const ticket = mac.readUIntBE(0, 6) % proof.tickets.length;
      const holder = proof.tickets[ticket] as string;
      if (!picked.some((p) => p.holder === holder)) picked.push({ ticket, holder });
    }
    expect(proof.winners.map(({ ticket, holder }) => ({ ticket, holder }))).toEqual(picked);
  });

  it("waits for the entries of deliveries made before the close, however late their jobs run", async () => {
    const draw = await newDraw();
    const late = await shopper();
    await t.app.domains.jobs.drain();
    const orderId = await deliveredOrder(t, late.headers, v, 2, roles.admin);
    // The delivery's entry job is held back (a backlog, a retry) past the close.
    await query(
      "update pgboss.job set start_after = now() + interval '1 hour' where name = 'events.lucky-draw' and state in ('created', 'retry')",
    );
    await query("update lucky_draws set closes_at = now() where id = $1", [draw._id]);
    await expect(t.app.domains.luckyDraw.run(draw._id)).rejects.toThrow(/wait for their entries/);
    await query(
      "update pgboss.job set start_after = now() where name = 'events.lucky-draw' and state in ('created', 'retry')",
    );
    await t.app.domains.jobs.drain();
    expect(await t.app.domains.luckyDraw.run(draw._id)).toBe(true);
    const proof = (await send(t, "GET", `/api/lucky-draws/${draw._id}/proof`, {})).json();
    expect(proof.entries).toHaveLength(1);
    expect(proof.tickets).toHaveLength(Math.floor((await spentOn(orderId)) / PER_ENTRY));
  });

  it("a refund after delivery shrinks the order's entries in an open draw, a full one removes them; a drawn draw keeps its own", async () => {
    const draw = await newDraw();
    const buyer = await shopper();
    const orderId = await deliveredOrder(t, buyer.headers, v, 3, roles.admin);
    await t.app.domains.jobs.drain();
    const spent = await spentOn(orderId);
    const ticketsNow = async () => (await pageFor(buyer.headers)).mine?.entries ?? -1;
    expect(await ticketsNow()).toBe(Math.floor(spent / PER_ENTRY));
    const refund = (amount: number) =>
      send(t, "POST", `/api/admin/orders/${orderId}/refunds`, roles.admin, {
        amount,
        to: "wallet",
        reason: "damaged in transit",
      });
    // Part of it back: the entries follow what the order kept.
    const part = PER_ENTRY * 2;
    expect((await refund(part)).statusCode).toBe(200);
    expect(await ticketsNow()).toBe(Math.floor((spent - part) / PER_ENTRY));
    // The rest back: no entries left.
    expect((await refund(spent - part)).statusCode).toBe(200);
    expect(await ticketsNow()).toBe(0);
    await close(draw._id);
    expect(await t.app.domains.luckyDraw.run(draw._id)).toBe(true);
  });

  it("a draw with no entries runs with no winners", async () => {
    const draw = await newDraw();
    await close(draw._id);
    expect(await t.app.domains.luckyDraw.run(draw._id)).toBe(true);
    const proof = (await send(t, "GET", `/api/lucky-draws/${draw._id}/proof`, {})).json();
    expect(proof).toMatchObject({ tickets: [], winners: [] });
  });
});

describe("who may do what", () => {
  it("staff's routes: managers and admins; a shopper 403, nobody signed in 401", async () => {
    for (const who of [roles.admin, roles.manager])
      expect((await send(t, "GET", "/api/admin/lucky-draws", who)).statusCode).toBe(200);
    expect((await send(t, "GET", "/api/admin/lucky-draws", roles.shopper)).statusCode).toBe(403);
    expect((await send(t, "GET", "/api/admin/lucky-draws", roles.vendor)).statusCode).toBe(403);
    expect((await send(t, "GET", "/api/admin/lucky-draws", {})).statusCode).toBe(401);
    const body = { title: "A draw", prize: "Rs. 100", prizeAmount: 100, closesAt: inAnHour() };
    expect((await send(t, "POST", "/api/admin/lucky-draws", roles.shopper, body)).statusCode).toBe(
      403,
    );
  });

  it("bad input: {message, status} 400s", async () => {
    const bad = async (body: Record<string, unknown>, message: RegExp) => {
      const res = await send(t, "POST", "/api/admin/lucky-draws", roles.manager, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
      expect(res.json().message).toMatch(message);
    };
    const ok = { title: "A draw", prize: "Rs. 100", prizeAmount: 100, closesAt: inAnHour() };
    await bad({ ...ok, closesAt: new Date(Date.now() - 1000).toISOString() }, /in the future/);
    await bad({ ...ok, closesAt: "tomorrow" }, /date and time/);
    await bad({ ...ok, prizeAmount: 0 }, /at least Rs. 1/);
    await bad({ ...ok, title: "" }, /title/);
    const proof = await send(t, "GET", "/api/lucky-draws/not-a-draw/proof", {});
    expect(proof.statusCode).toBe(400);
    expect(proof.json()).toMatchObject({ status: 400 });
  });

  it("the seed stays secret until the draw has run, in every list", async () => {
    const draw = await newDraw();
    expect(draw.seed).toBeNull();
    const list = (await send(t, "GET", "/api/admin/lucky-draws", roles.admin)).json();
    const mine = list.draws.find((d: { _id: string }) => d._id === draw._id);
    expect(mine.seed).toBeNull();
    expect(JSON.stringify(await pageFor({}))).not.toContain(
      (await query<{ seed: string }>("select seed from lucky_draws where id = $1", [draw._id]))[0]
        ?.seed,
    );
  });
});
