import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "@maidan/db/database";
import { createTestDatabase } from "@maidan/db/testing/test-database";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { spawnApiServer } from "./testing/api-process.ts";

const PHONE = "03007654321";
const ADDRESS = {
  fullName: "Crash Test",
  phone: PHONE,
  province: "Punjab",
  city: "Lahore",
  address: "House 9, Street 4, Gulberg",
};

/** The API on the production boot path, on the test's database. */
function startServer(databaseUrl: string, env: Record<string, string>) {
  return spawnApiServer({
    DATA_DIR: mkdtempSync(join(tmpdir(), "maidan-crash-")),
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: "http://localhost:3000",
    PAYMENTS_SANDBOX: "true",
    SEED_PRODUCTS: "10",
    LOG_LEVEL: "silent",
    ...env,
  });
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(inject("pgServerUrl"));
});
afterAll(() => database?.close());

const smsTo = async (phone: string) =>
  (
    await database.pool.query<{ body: string }>(
      "select body from dev_outbox where channel = 'sms' and recipient = $1",
      [phone],
    )
  ).rows;

describe("a crash between an order's commit and its SMS", () => {
  it("SIGKILL after the commit, before the send: restarted, the server sends the SMS exactly once", async () => {
    // The first process takes orders but sends nothing (its workers are off): it dies after the
    // order's commit and before any SMS of it could go out.
    const first = startServer(database.url, { JOBS_WORKERS: "false" });
    const base = `http://127.0.0.1:${await first.port}`;
    const { rows } = await database.pool.query<{ id: string; product_id: string }>(
      "select id, product_id from variants where active and stock > 0 order by id limit 1",
    );
    const v = rows[0];
    if (!v) throw new Error("no variant");
    await database.pool.query("insert into carts (guest_id) values ('crash-guest') returning id");
    await database.pool.query(
      `insert into cart_items (cart_id, variant_id, product_id, qty)
       select id, $1, $2, 1 from carts where guest_id = 'crash-guest'`,
      [v.id, v.product_id],
    );
    const res = await fetch(`${base}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "guest=crash-guest" },
      body: JSON.stringify({ address: ADDRESS, paymentMethod: "COD" }),
    });
    expect(res.status).toBe(200);
    const { orders } = (await res.json()) as { orders: { orderNo: string }[] };
    const orderNo = orders[0]?.orderNo ?? "";
    first.child.kill("SIGKILL");
    await first.exited;

    // Committed with the order: its SMS job, not yet sent.
    const intl = `92${PHONE.slice(1)}`;
    expect(await smsTo(intl)).toEqual([]);
    const queued = await database.pool.query<{ state: string }>(
      "select state from pgboss.job where name = 'messages.sms'",
    );
    expect(queued.rows).toEqual([{ state: "created" }]);

    // Started again with its workers: the job runs, the SMS is in the outbox once.
    const second = startServer(database.url, {});
    await second.port;
    const deadline = Date.now() + 30_000;
    while ((await smsTo(intl)).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const sent = await smsTo(intl);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toContain(orderNo);
    expect(sent[0]?.body).toMatch(/code \d{6}/);
    // Some time later, still once, and the job is done.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await smsTo(intl)).toHaveLength(1);
    const done = await database.pool.query<{ state: string }>(
      "select state from pgboss.job where name = 'messages.sms'",
    );
    expect(done.rows).toEqual([{ state: "completed" }]);
    second.child.kill("SIGTERM");
    await second.exited;
  }, 120_000);
});
