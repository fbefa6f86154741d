import { expect, test } from "@playwright/test";
import pg from "pg";
import { snapshot } from "./helpers.ts";
import { type SecondShop, startSecondShop } from "./second-shop.ts";

/**
 * Guest login off (spec §6 "Guest login is a setting, default on"): a guest sees "Log in to
 * check out" instead of the address step, and the API answers the order call with 401.
 *
 * The setting is one row the whole shop reads, and other journeys check out as guests at the
 * same time. So this file runs its own shop (second-shop.ts), where guest login is off.
 */
let shop: SecondShop;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  shop = await startSecondShop(test.info(), "guest_off");
  const client = new pg.Client({ connectionString: shop.url });
  await client.connect();
  await client.query("update settings set guest_login = false where id = 1");
  await client.end();
});

test.afterAll(async () => {
  await shop?.stop();
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
