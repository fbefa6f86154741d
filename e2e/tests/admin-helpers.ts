import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect as baseExpect, type Page, type TestInfo } from "@playwright/test";
import { productWithStock, signUp } from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { freshContext } from "./helpers.ts";

/** The back-office's journeys (admin-*.spec.ts): a shopper's order, the admin's browser. */
const expect = baseExpect.configure({ timeout: 15_000 });

export const origin = (info: TestInfo) => String(info.project.use.baseURL).replace(/\/$/, "");

/** A signed-in shopper's COD order of one unit, placed through the API; its id and number. */
export async function shopperOrder(
  page: Page,
  info: TestInfo,
  given: { id: string; slug: string } | number,
) {
  if (typeof given === "number") await signUp(page, info, "admin-journey");
  const product = typeof given === "number" ? await productWithStock(given, 20) : given;
  const vid = await withShopDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      "select id from variants where product_id = $1 order by id limit 1",
      [product.id],
    );
    return rows[0]?.id ?? "";
  });
  const headers = { origin: origin(info) };
  const add = await page.request.post("/api/cart/v2/add", {
    headers,
    data: { pid: product.id, vid, qty: 1 },
  });
  expect(add.status(), await add.text()).toBe(200);
  const placed = await page.request.post("/api/orders", {
    headers,
    data: {
      paymentMethod: "COD",
      address: {
        fullName: "Hina Aslam",
        phone: "03001234567",
        province: "Punjab",
        city: "Lahore",
        address: "House 7, Street 2, Gulberg III",
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = (await placed.json()).orders[0] as { _id: string; orderNo: string };
  return order;
}

/** The order moved to delivered through the API, as staff (cash collected at the door). */
export async function deliverOrder(admin: Page, info: TestInfo, id: string) {
  for (const data of [
    { action: "confirm" },
    { action: "pack" },
    { action: "ship", courier: "TCS", trackingNo: "TCS-4455667" },
    { action: "deliver" },
  ]) {
    const res = await admin.request.post(`/api/admin/orders/${id}/transition`, {
      headers: { origin: origin(info) },
      data,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** The admin's own browser, signed in through the login page with the account the first start printed. */
export async function adminPage(browser: Browser, info: TestInfo) {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see e2e/playwright.config.ts)");
  const password = readFileSync(join(dir, "admin-password"), "utf8").trim();
  const context = await freshContext(browser, info);
  const page = await context.newPage();
  await page.goto("/account/login?redirectTo=/admin/orders");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("E-mail or phone").fill("admin@maidan.pk");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  // The path itself: the login page's own address ends in "redirectTo=/admin/orders" too.
  await page.waitForURL((url) => url.pathname === "/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  return page;
}

/** The shopper's /my/orders/{id}: the status ladder has reached `step`. */
export async function shopperSees(page: Page, id: string, step: string) {
  await page.goto(`/my/orders/${id}`);
  const ladder = page.getByRole("list", { name: "Order status" });
  await expect(ladder.locator("li.done", { hasText: new RegExp(`^${step}$`) })).toBeVisible();
}
