import { insertBulkOrders } from "@maidan/db/seed/orders-bulk";
import { expect as baseExpect, type TestInfo, test } from "@playwright/test";
import { drizzle } from "drizzle-orm/node-postgres";
import { adminPage, origin, shopperOrder, shopperSees } from "./admin-helpers.ts";
import { productWithStock, signUp } from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";
import { freshContext, horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * The back-office's first slice (issue #14, decision 044) in a real browser, on a phone and a
 * desktop: the admin signs in with the normal login, confirms a shopper's COD order after the
 * phone call, packs it, ships it with a courier's tracking number (an empty form first: the
 * shared schema's messages beside the fields) and delivers it; the shopper's own order page
 * shows each step; staff leave a note on the order. A shopper opening /admin gets 403.
 */
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Each project its own product, apart from the other specs' slots. */
const slot = (info: TestInfo) => 220 + (info.project.name === "phone" ? 0 : 1);

test("staff move a COD order to delivered, and the shopper sees each step", async ({
  page,
  browser,
}, info) => {
  const order = await shopperOrder(page, info, slot(info));
  const admin = await adminPage(browser, info);

  // The list: search by order number, in the URL.
  const search = admin.getByRole("searchbox", { name: "Search" });
  await search.fill(order.orderNo);
  await admin.getByRole("button", { name: "Show" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders\\?q=${order.orderNo}&sort=-createdAt$`));
  const row = admin.getByRole("row", { name: new RegExp(order.orderNo) });
  await expect(row).toContainText("Unconfirmed");
  await expect(row).toContainText("Hina Aslam");
  await snapshot(admin, info, "admin-orders");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
  await row.getByRole("link", { name: order.orderNo }).click();
  await expect(
    admin.getByRole("heading", { name: new RegExp(`Order ${order.orderNo}`) }),
  ).toBeVisible();
  await admin.waitForLoadState("networkidle");

  await admin.getByLabel("Phone call note (optional)").fill("Called, she confirmed");
  await admin.getByRole("button", { name: "Confirm order" }).click();
  await expect(admin.getByRole("status")).toHaveText(`Order ${order.orderNo} is confirmed.`);
  await shopperSees(page, order._id, "Confirmed");

  await admin.getByRole("button", { name: "Mark packed" }).click();
  await expect(admin.getByRole("status")).toHaveText(`Order ${order.orderNo} is packed.`);
  await shopperSees(page, order._id, "Packed");

  // Shipping without a courier or tracking number: the messages beside the fields, nothing done.
  await admin.getByRole("button", { name: "Mark shipped" }).click();
  await expect(admin.getByRole("alert")).toHaveText("Please correct the fields marked below.");
  await expect(admin.locator("#ship-courier-error")).toHaveText("Enter the courier");
  await expect(admin.locator("#ship-trackingNo-error")).toHaveText(
    "Enter the tracking number (4 to 40 letters or digits)",
  );
  await snapshot(admin, info, "admin-order-ship-errors");
  await admin.getByLabel("Courier").fill("TCS");
  await admin.getByLabel("Tracking number").fill("TCS-778812");
  await admin.getByRole("button", { name: "Mark shipped" }).click();
  await expect(admin.getByRole("status")).toHaveText(`Order ${order.orderNo} is shipped.`);
  await expect(admin.getByText("TCS, tracking number TCS-778812", { exact: true })).toBeVisible();
  await shopperSees(page, order._id, "Shipped");
  await expect(page.getByText("Shipped with TCS, tracking number TCS-778812")).toBeVisible();

  await admin.getByRole("button", { name: "Mark delivered" }).click();
  await expect(admin.getByRole("status")).toHaveText(`Order ${order.orderNo} is delivered.`);
  // Nothing more to do; the audit lists the four steps by the admin.
  await expect(admin.getByRole("button", { name: /Confirm|Mark|Cancel/ })).toHaveCount(0);
  await expect(admin.locator(".admin-audit li")).toHaveCount(4);
  await snapshot(admin, info, "admin-order-delivered");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  // A note between staff (decision 048): an empty one gets the message beside the field, then
  // the note is listed with who wrote it.
  await admin.getByRole("button", { name: "Add note" }).click();
  await expect(admin.locator("#note-text-error")).toHaveText("Write the note");
  await admin.getByLabel("Add a note for staff").fill("Left with the neighbour, she signed");
  await admin.getByRole("button", { name: "Add note" }).click();
  await expect(admin.getByRole("status")).toHaveText("Note added.");
  await expect(admin.locator(".admin-notes li")).toHaveCount(1);
  await expect(admin.locator(".admin-notes li")).toContainText("(admin) · ");
  await expect(admin.locator(".admin-notes__text")).toHaveText(
    "Left with the neighbour, she signed",
  );
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  // The shopper sends it back (decision 048): the request needs a reason; then the parcel is back.
  await admin.getByRole("button", { name: "Record return request" }).click();
  await expect(admin.locator("#request_return-reason-error")).toHaveText(
    "Say why the shopper returns it",
  );
  await admin.getByLabel("Why the shopper returns it").fill("Wrong size");
  await admin.getByRole("button", { name: "Record return request" }).click();
  await expect(admin.getByRole("status")).toHaveText(
    `Order ${order.orderNo}: the return request is recorded.`,
  );
  await shopperSees(page, order._id, "Return requested");
  await expect(page.getByText("Return requested: Wrong size")).toBeVisible();
  await admin.getByRole("button", { name: "Mark return received" }).click();
  await expect(admin.getByRole("status")).toHaveText(`Order ${order.orderNo} is returned.`);
  await shopperSees(page, order._id, "Returned");
  await shopperSees(page, order._id, "Delivered");
  await snapshot(page, info, "shopper-order-delivered");
  await admin.context().close();
});

test("a shopper opening /admin gets 403", async ({ page }, info) => {
  await signUp(page, info, "admin-403");
  const res = await page.goto("/admin/orders");
  expect(res?.status()).toBe(403);
  await expect(page.getByText("This page is for the shop's staff")).toBeVisible();
  await snapshot(page, info, "admin-403");
});

test("a vendor sees only their own store's orders, and no actions", async ({
  page,
  browser,
}, info) => {
  const phone = info.project.name === "phone";
  // Two stores, one for each project, the first owned by this test's vendor.
  const [own, other] = await withShopDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      "select id from vendors order by name offset $1 limit 2",
      [phone ? 2 : 4],
    );
    return rows.map((r) => r.id);
  });
  if (!own || !other) throw new Error("two stores needed");
  const ownProduct = await productWithStock(7, 20, `p.vendor_id = '${own}'`);
  const otherProduct = await productWithStock(8, 20, `p.vendor_id = '${other}'`);
  const mine = await shopperOrder(page, info, ownProduct);
  const theirs = await shopperOrder(page, info, otherProduct);

  const vendorPage = await (await freshContext(browser, info)).newPage();
  const email = await signUp(vendorPage, info, "vendor");
  await withShopDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      "update users set role = 'vendor' where email = $1 returning id",
      [email],
    );
    await db.query("update vendors set owner_id = $1 where id = $2", [rows[0]?.id, own]);
  });
  // Signed in again: the new role is the account's from now on.
  const login = await vendorPage.request.post("/api/auth/local", {
    headers: { origin: origin(info) },
    data: { email, password: "correct-horse-1" },
  });
  expect(login.status()).toBe(200);
  await vendorPage.goto("/admin/orders");
  await expect(vendorPage.getByRole("link", { name: mine.orderNo })).toBeVisible();
  await expect(vendorPage.getByRole("link", { name: theirs.orderNo })).toHaveCount(0);
  // No bulk actions and no ticks for a vendor.
  await expect(vendorPage.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  await vendorPage.getByRole("link", { name: mine.orderNo }).click();
  await expect(
    vendorPage.getByRole("heading", { name: new RegExp(`Order ${mine.orderNo}`) }),
  ).toBeVisible();
  await expect(vendorPage.getByRole("button", { name: /Confirm|Mark|Cancel/ })).toHaveCount(0);
  await expect(vendorPage.getByRole("heading", { name: "Payment attempts" })).toHaveCount(0);
  await snapshot(vendorPage, info, "vendor-order");
  const refused = await vendorPage.goto(`/admin/orders/${theirs._id}`);
  expect(refused?.status()).toBe(404);
  // The overview is the staff's (decision 047): /admin opens on the orders, no overview links.
  await vendorPage.goto("/admin");
  await expect(vendorPage).toHaveURL(/\/admin\/orders$/);
  await expect(vendorPage.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await vendorPage.context().close();
});

test("staff page through the orders by cursor and sort by a column, the filters kept in the URL", async ({
  browser,
}, info) => {
  // 30 orders of their own city: a page of 25 and one of 5.
  const city = `Pagetown ${info.project.name} ${Date.now()}`;
  await withShopDb((client) => insertBulkOrders(drizzle(client), 30, { city, days: 30 }));
  const admin = await adminPage(browser, info);
  await admin.getByLabel("City").fill(city);
  await admin.getByRole("button", { name: "Show" }).click();
  await expect(admin.getByText("30 orders", { exact: true })).toBeVisible();
  const rows = admin.locator(".admin-table tbody tr");
  await expect(rows).toHaveCount(25);
  await expect(admin.getByRole("link", { name: "← Previous" })).toHaveCount(0);
  const firstPage = await rows.locator("td a").allTextContents();

  await admin.getByRole("link", { name: "Next →" }).click();
  await expect(admin).toHaveURL(/[?&]cursor=[\w-]+/);
  await expect(admin).toHaveURL(
    new RegExp(`city=${encodeURIComponent(city).replace(/%20/g, "\\+")}`),
  );
  await expect(rows).toHaveCount(5);
  const secondPage = await rows.locator("td a").allTextContents();
  expect(secondPage.some((n) => firstPage.includes(n))).toBe(false);
  await expect(admin.getByRole("link", { name: "Next →" })).toHaveCount(0);
  await snapshot(admin, info, "admin-orders-page-2");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  await admin.getByRole("link", { name: "← Previous" }).click();
  await expect(rows).toHaveCount(25);
  expect(await rows.locator("td a").allTextContents()).toEqual(firstPage);
  await expect(admin.getByRole("link", { name: "← Previous" })).toHaveCount(0);

  // The Total heading sorts by it, largest first, then the other way; paging starts again.
  await admin.getByRole("link", { name: "Total" }).click();
  await expect(admin).toHaveURL(/sort=-total/);
  await expect(admin).not.toHaveURL(/cursor=/);
  await expect(admin.getByRole("columnheader", { name: "Total ↓" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  const totals = async () =>
    (await rows.locator("td.num").allTextContents()).map((t) => Number(t.replace(/\D/g, "")));
  const desc = await totals();
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await expect(admin.getByLabel("Sort")).toHaveValue("-total");
  await admin.getByRole("link", { name: "Total ↓" }).click();
  await expect(admin).toHaveURL(/sort=total/);
  await expect(admin.getByLabel("Sort")).toHaveValue("total");
  await expect(admin.getByLabel("City")).toHaveValue(city);
  const asc = await totals();
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
  expect(asc[0]).toBeLessThanOrEqual(desc.at(-1) ?? 0);
  await snapshot(admin, info, "admin-orders-sorted");
  await admin.context().close();
});
