import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kv, memoryKv, redisKv } from "@maidan/api/lib/kv";
import { bearer, get, put, signUp } from "@maidan/api/testing/auth-helpers";
import { addToCart, guest, pickVariants } from "@maidan/api/testing/cart-helpers";
import {
  deliver,
  GATEWAY_KEYS,
  payAtSandbox,
  startPayment,
} from "@maidan/api/testing/payment-helpers";
import { type S3TestServer, startS3Server } from "@maidan/api/testing/s3-server";
import type { Database } from "@maidan/db/database";
import { createTestDatabase } from "@maidan/db/testing/test-database";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "./app.ts";
import { bootRuntime, type Runtime } from "./runtime.ts";
import type { TestApp } from "./testing/test-app.ts";

/**
 * Two instances of the shop as a load balancer would see them (decisions 030, 031): one
 * database, one bucket, one shared store, each with its own DATA_DIR and no JWT_SECRET. A shopper
 * may land on either for every request.
 */
let db: Database;
let s3: S3TestServer;
let kv: Kv;
let a: TestApp;
let b: TestApp;
const runtimes: Runtime[] = [];
const legacySecret = "an-older-version-wrote-this-secret-0123456789";

async function instance(dataDir: string): Promise<TestApp> {
  const runtime = await bootRuntime({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    SEED_PRODUCTS: "10",
    ...s3.env,
  });
  runtimes.push(runtime);
  // One Redis in production; here one store object stands for it (the sandbox ledgers live in it).
  const app = await buildApp({ ...runtime, kv });
  await app.ready();
  return { app, kv, database: runtime.database, config: runtime.config, close: async () => {} };
}

beforeAll(async () => {
  db = await createTestDatabase(inject("pgServerUrl"));
  s3 = await startS3Server();
  const redisUrl = process.env.TEST_REDIS_URL;
  kv = redisUrl ? await redisKv(redisUrl, `maidan-test-${process.pid}-two:`) : memoryKv();
  // The first instance was running an older version: its DATA_DIR holds the secret it signed with.
  const first = mkdtempSync(join(tmpdir(), "maidan-a-"));
  writeFileSync(join(first, "jwt-secret"), `${legacySecret}\n`);
  a = await instance(first);
  b = await instance(mkdtempSync(join(tmpdir(), "maidan-b-")));
});
afterAll(async () => {
  for (const t of [a, b]) await t?.app.close();
  for (const r of runtimes) await r.close();
  await kv?.close();
  await s3?.close();
  await db?.close();
});

describe("secrets across instances", () => {
  it("both sign with one secret: the one the first instance already had", () => {
    expect(a.config.jwtSecret).toBe(legacySecret);
    expect(b.config.jwtSecret).toBe(legacySecret);
  });

  it("a session made on one instance is accepted by the other", async () => {
    const user = await signUp(a);
    const me = await get(b, "/api/users/me", bearer(user.token));
    expect(me.statusCode).toBe(200);
    expect(me.json()._id).toBe(user.id);
  });

  it.each(GATEWAY_KEYS)(
    "a %s payment started on one instance is paid through the other's sandbox and return",
    async (gateway) => {
      const who = guest();
      const [variant] = await pickVariants(a, 1);
      expect((await addToCart(a, who, variant!)).statusCode).toBe(200);
      const started = await startPayment(a, who, gateway);
      const back = await payAtSandbox(b, started, "success");
      await deliver(b, back);
      const { rows } = await db.pool.query(
        "select status, payment_status from orders where checkout_id = $1",
        [started.checkoutId],
      );
      expect(rows).toEqual([{ status: "confirmed", payment_status: "paid" }]);
    },
  );
});

describe("media across instances", () => {
  const png = () =>
    sharp({ create: { width: 120, height: 120, channels: 3, background: "#2a7" } })
      .png()
      .toBuffer();
  const upload = async (t: TestApp, token: string) => {
    const image = `data:image/png;base64,${(await png()).toString("base64")}`;
    const res = await put(t, "/api/users/avatar", { image, name: "me.png" }, bearer(token));
    expect(res.statusCode).toBe(200);
    return res.json().avatar as string;
  };
  const original = (avatar: string) => `/media/avatars/${avatar.split("/").pop()}`;

  it("an avatar uploaded through one instance is shown by the other, original and resized", async () => {
    const user = await signUp(a);
    const avatar = await upload(a, user.token);
    const resized = await get(b, avatar);
    expect(resized.statusCode).toBe(200);
    expect(resized.headers["content-type"]).toBe("image/webp");
    const full = await get(b, original(avatar));
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/webp");
    expect(full.headers["cache-control"]).toBe("public, max-age=86400");
    expect(full.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
    const again = await get(b, original(avatar), { "if-none-match": String(full.headers.etag) });
    expect(again.statusCode).toBe(304);

    // Replaced through the other instance: the old picture is gone for both.
    const next = await upload(b, user.token);
    // The old file goes with a job queued by the replacement (decision 065); either runs it.
    await b.app.domains.jobs.drain();
    expect((await get(a, original(next))).statusCode).toBe(200);
    expect((await get(a, original(avatar))).statusCode).toBe(404);
    expect((await get(b, original(avatar))).statusCode).toBe(404);
  });

  it("the seed's product pictures, written by the instance that seeded, are served by both", async () => {
    const { rows } = await db.pool.query<{ url: string }>(
      "select url from product_images order by sort limit 1",
    );
    const url = rows[0]?.url ?? "";
    expect(url).toMatch(/^\/media\/products\/.+\.webp$/);
    for (const t of [a, b]) {
      const res = await get(t, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      const resized = await get(t, url.replace(/^\/media\//, "/img/160/"));
      expect(resized.statusCode).toBe(200);
    }
  });
});
