import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embeddedUrl } from "@maidan/db/embedded-url";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { spawnApiServer } from "./testing/api-process.ts";

const BUYERS = 60;
const ADDRESS = {
  fullName: "Stop Test",
  phone: "03001234567",
  province: "Punjab",
  city: "Lahore",
  address: "House 1, Street 2, Model Town",
};

/** The API server on `dataDir`'s embedded database; resolves with its port once it listens. */
function startServer(dataDir: string, env: Record<string, string> = {}) {
  // The first start also seeds its embedded database before it prints `listening <port>`.
  return spawnApiServer({
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    PAYMENTS_SANDBOX: "true",
    LOG_LEVEL: "silent",
    ...env,
  });
}

/** A client of the embedded server that `dataDir`'s running process started. */
async function embeddedClient(dataDir: string) {
  const client = new pg.Client({ connectionString: embeddedUrl(dataDir) });
  await client.connect();
  return client;
}

describe("stopping the shop", () => {
  it("SIGTERM under load: requests in flight finish, nothing fails with 5xx, the embedded PostgreSQL stops last", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "maidan-stop-"));
    const { child, port: listening } = startServer(dataDir, { SEED_PRODUCTS: "12" });
    const port = await listening;
    const db = await embeddedClient(dataDir);
    // Every buyer has a filled cart, so each request below is a whole checkout.
    const { rows } = await db.query<{ id: string; product_id: string }>(
      "select id, product_id from variants where active order by id limit 1",
    );
    const v = rows[0];
    if (!v) throw new Error("no variant");
    await db.query("update variants set stock = 100000 where id = $1", [v.id]);
    await db.query(
      `insert into carts (guest_id) select 'stop-guest-' || g from generate_series(1, $1::int) g`,
      [BUYERS],
    );
    await db.query(
      `insert into cart_items (cart_id, variant_id, product_id, qty)
       select id, $1, $2, 1 from carts where guest_id like 'stop-guest-%'`,
      [v.id, v.product_id],
    );
    await db.end();

    const base = `http://127.0.0.1:${port}`;
    let firstAnswer: () => void = () => {};
    const answered = new Promise<void>((r) => {
      firstAnswer = r;
    });
    const results = Array.from({ length: BUYERS }, (_, n) =>
      fetch(`${base}/api/orders`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: `guest=stop-guest-${n + 1}`,
        },
        body: JSON.stringify({ address: ADDRESS, paymentMethod: "COD" }),
      }).then(
        async (r) => {
          firstAnswer();
          return { status: r.status, body: (await r.json()) as { orders?: { _id: string }[] } };
        },
        // Refused at the door once the stop began: never accepted, so nothing to lose.
        () => ({ status: 0, body: {} as { orders?: { _id: string }[] } }),
      ),
    );
    await answered;
    const exited = new Promise<number | null>((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const answers = await Promise.all(results);
    expect(await exited).toBe(0);

    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    const placed = answers.filter((a) => a.status === 200);
    expect(placed.length).toBeGreaterThan(0);
    // The server stopped its PostgreSQL after the requests drained.
    expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);

    // Started again on the same data: every acknowledged order is there, with its item.
    const again = startServer(dataDir);
    await again.port;
    const check = await embeddedClient(dataDir);
    const ids = placed.flatMap((a) => a.body.orders?.map((o) => o._id) ?? []);
    const whole = await check.query<{ n: number }>(
      "select count(*)::int as n from orders o where o.id = any($1) and exists (select 1 from order_items i where i.order_id = o.id)",
      [ids],
    );
    await check.end();
    const stopped = new Promise((r) => again.child.once("exit", r));
    again.child.kill("SIGTERM");
    await stopped;
    expect(whole.rows[0]?.n).toBe(ids.length);
  });
});
