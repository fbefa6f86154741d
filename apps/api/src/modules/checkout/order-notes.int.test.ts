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
import { everyRole, ownStoreOf } from "../../testing/staff-helpers.ts";

/** Notes between staff on an order (decision 048): who, when, audited; vendors neither add nor read. */
let t: TestApp;
let roles: Awaited<ReturnType<typeof everyRole>>;
let variant: TestVariant;

beforeAll(async () => {
  t = await createTestApp({ products: 6 });
  roles = await everyRole(t);
  const [a] = await pickVariants(t, 1);
  if (!a) throw new Error("a variant needed");
  variant = a;
  await ownStoreOf(t, roles.vendorId, a.pid);
  await setStock(t, a.vid, 100);
});
afterAll(() => t?.close());

const note = (id: string, body: unknown, who: Record<string, string> = roles.manager) =>
  send(t, "POST", `/api/admin/orders/${id}/notes`, who, body);
const fresh = async () => (await buy(t, guest(), variant, 1)).orders[0]._id as string;
const noteCount = async (id: string) =>
  Number(
    (
      (
        await t.database.db.execute(
          sql`select count(*) as n from order_notes where order_id = ${id}`,
        )
      ).rows[0] as { n: string }
    ).n,
  );

describe("staff notes on an order", () => {
  it("a manager's and an admin's notes are listed on the order, oldest first, with who and when, and audited", async () => {
    const id = await fresh();
    const first = await note(id, { text: "  Called the shopper: deliver after 5 pm  " });
    expect(first.statusCode).toBe(200);
    const second = await note(id, { text: "Gate code 1234" }, roles.admin);
    expect(second.statusCode).toBe(200);
    const d = second.json();
    expect(d.notes.map((n: { text: string }) => n.text)).toEqual([
      "Called the shopper: deliver after 5 pm",
      "Gate code 1234",
    ]);
    expect(d.notes[0].author.role).toBe("manager");
    expect(d.notes[1].author).toMatchObject({ role: "admin" });
    expect(d.notes[1].author._id).toEqual(expect.any(String));
    expect(Date.parse(d.notes[0].at)).toBeLessThanOrEqual(Date.parse(d.notes[1].at));
    const audited = d.audit.filter((a: { action: string }) => a.action === "note");
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({
      record: `order:${id}`,
      before: null,
      after: { text: "Called the shopper: deliver after 5 pm" },
    });
    // The order itself is unchanged.
    expect(d.status).toBe("pending_confirmation");
  });

  it("an empty or too long note → 400 with the message, nothing written", async () => {
    const id = await fresh();
    for (const body of [{}, { text: "   " }, { text: "x".repeat(2001) }, { text: 5 }]) {
      const res = await note(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: expect.any(String) });
    }
    expect((await note(id, {})).json().message).toMatch(/Write the note/);
    expect(await noteCount(id)).toBe(0);
  });

  it("an unknown order → 404; vendors and shoppers → 403 and vendors do not see the notes", async () => {
    expect((await note(crypto.randomUUID(), { text: "hello" })).statusCode).toBe(404);
    expect((await note("not-an-id", { text: "hello" })).statusCode).toBe(404);
    const id = await fresh();
    expect((await note(id, { text: "from a vendor" }, roles.vendor)).statusCode).toBe(403);
    expect((await note(id, { text: "from a shopper" }, roles.shopper)).statusCode).toBe(403);
    expect((await note(id, { text: "anonymous" }, guest())).statusCode).toBe(401);
    expect(await noteCount(id)).toBe(0);
    await note(id, { text: "staff only" });
    const seen = (await send(t, "GET", `/api/admin/orders/${id}`, roles.vendor)).json();
    expect(seen.notes).toEqual([]);
  });
});
