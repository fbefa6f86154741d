import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { embeddedUrl } from "@maidan/db/embedded-url";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { withShopDb } from "./db.ts";
import { snapshot } from "./helpers.ts";

/**
 * Guest login off (spec §6 "Guest login is a setting, default on"): a guest sees "Log in to
 * check out" instead of the address step, and the API answers the order call with 401.
 *
 * The setting is one row the whole shop reads, and other journeys check out as guests at the
 * same time. So this file runs its own shop: the same server code on a free port, with a
 * database of its own on the e2e PostgreSQL (and the e2e shop's images), where guest login is
 * off. It starts in a few seconds and is stopped after the file.
 */
const SERVER = fileURLToPath(new URL("../../apps/server/src/main.ts", import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

let shop: { base: string; server: ChildProcess; dataDir: string; dbName: string; url: string };

async function waitReady(base: string, server: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the second shop exited (${server.exitCode})`);
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the second shop did not get ready in 60 s");
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const info = test.info();
  const e2eData = process.env.E2E_DATA_DIR ?? "";
  const dbName = `guest_off_${info.project.name}_${process.pid}_${Date.now()}`;
  await withShopDb((db) => db.query(`create database ${dbName}`));
  const url = embeddedUrl(e2eData, dbName);
  const dataDir = mkdtempSync(join(tmpdir(), "maidan-e2e-guest-off-"));
  // Images are written only when missing: the e2e shop's are reused as they are.
  symlinkSync(join(e2eData, "media"), join(dataDir, "media"));
  const httpPort = await freePort();
  const server = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(httpPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SEED_PRODUCTS: "10",
      CACHE_TTL_MS: "0",
      PAYMENTS_SANDBOX: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${httpPort}`;
  shop = { base, server, dataDir, dbName, url };
  await waitReady(base, server);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("update settings set guest_login = false where id = 1");
  await client.end();
});

test.afterAll(async () => {
  if (!shop) return;
  const exited = new Promise((r) => shop.server.once("exit", r));
  shop.server.kill("SIGTERM");
  await exited;
  rmSync(shop.dataDir, { recursive: true, force: true });
  await withShopDb((db) => db.query(`drop database if exists ${shop.dbName}`));
});

test("guest login off: 'Log in to check out' instead of the address step, and the API's 401", async ({
  page,
}, info) => {
  const { base } = shop;
  const headers = { origin: base };
  // A guest with something in the cart (the guest cookie comes with the first page).
  await page.goto(`${base}/`);
  const client = new pg.Client({ connectionString: shop.url });
  await client.connect();
  const { rows } = await client.query<{ pid: string; vid: string }>(
    `update variants v set stock = 5 from products p where p.id = v.product_id and v.id =
       (select v2.id from variants v2 join products p2 on p2.id = v2.product_id
        where p2.active order by v2.id limit 1)
     returning p.id as pid, v.id as vid`,
  );
  await client.end();
  const line = rows[0];
  if (!line) throw new Error("the second shop has no product");
  const add = await page.request.post(`${base}/api/cart/v2/add`, {
    data: { ...line, qty: 1 },
    headers,
  });
  expect(add.ok()).toBe(true);

  await page.goto(`${base}/checkout`);
  const login = page.getByRole("link", { name: "Log in to check out" });
  await expect(login).toBeVisible();
  await expect(login).toHaveAttribute("href", "/account/login?redirectTo=/checkout");
  await expect(page.getByLabel("Full name")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Your cart" })).toBeVisible();
  await snapshot(page, info, "checkout-guest-login-off");
  // No way around it through the later steps...
  await page.goto(`${base}/checkout/payments`);
  await expect(page).toHaveURL(`${base}/checkout`);
  // ...nor through the API.
  const order = await page.request.post(`${base}/api/orders`, {
    data: {
      address: {
        fullName: "Ayesha Khan",
        phone: "03001234567",
        province: "Sindh",
        city: "Karachi",
        address: "House 12, Street 4, DHA Phase 5",
      },
      paymentMethod: "COD",
    },
    headers,
  });
  expect(order.status()).toBe(401);
  expect(await order.json()).toMatchObject({ message: "Please log in to continue.", status: 401 });

  // Signed in, the same cart goes on to the address step.
  const email = `guest-off-${info.project.name}-${Date.now()}@example.com`;
  const signup = await page.request.post(`${base}/api/auth/signup`, {
    data: { firstName: "Sana", lastName: "Mir", email, password: "correct-horse-1" },
    headers,
  });
  expect(signup.ok()).toBe(true);
  await page.goto(`${base}/checkout`);
  await expect(page.getByRole("heading", { name: "Add a delivery address" })).toBeVisible();
});
