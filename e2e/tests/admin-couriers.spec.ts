import { expect as baseExpect, type TestInfo, test } from "@playwright/test";
import { adminPage, origin, shopperOrder, shopperSees } from "./admin-helpers.ts";
import { withShopDb } from "./db.ts";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * Couriers (issue #14, decision 045) in a real browser, on a phone and a desktop: the admin packs
 * a shopper's COD order, books TCS from the order page (the shop's TCS sandbox answers with a
 * consignment number), the order shows shipped with it, the papers open as PDFs, and the
 * shopper's own order page shows the courier and the number. Once the courier delivers, the
 * "COD cash" screen counts the cash it collected that day, and a flagged phone is listed on the
 * "Refused phones" screen (decision 048).
 */
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Each project its own product, apart from the other specs' slots. */
const slot = (info: TestInfo) => 230 + (info.project.name === "phone" ? 0 : 1);

test("the admin books TCS from the order page; the shopper sees the consignment number", async ({
  page,
  browser,
}, info) => {
  const order = await shopperOrder(page, info, slot(info));
  const admin = await adminPage(browser, info);
  // Confirmed and packed through the API (the journey of admin-orders.spec.ts), as the admin.
  for (const action of ["confirm", "pack"]) {
    const res = await admin.request.post(`/api/admin/orders/${order._id}/transition`, {
      headers: { origin: origin(info) },
      data: { action },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await admin.goto(`/admin/orders/${order._id}`);
  await expect(
    admin.getByRole("heading", { name: new RegExp(`Order ${order.orderNo}`) }),
  ).toBeVisible();
  await admin.waitForLoadState("networkidle");
  await admin.getByLabel("Book with").selectOption("tcs");
  await snapshot(admin, info, "admin-order-courier");
  await admin.getByRole("button", { name: "Book courier and ship" }).click();
  const status = admin.getByRole("status");
  await expect(status).toHaveText(/^Booked with TCS: consignment number \d{12}\.$/);
  const cn = /(\d{12})/.exec((await status.textContent()) ?? "")?.[1] ?? "";
  await expect(admin.locator(".admin-status")).toHaveText("Shipped");
  await expect(admin.getByText(`TCS, tracking number ${cn}`, { exact: true })).toBeVisible();
  await expect(admin.locator(".admin-booking")).toContainText(
    `Booked with TCS · consignment number ${cn} · Booked`,
  );
  // Booked: no booking form any more; the label is printable.
  await expect(admin.getByRole("button", { name: "Book courier and ship" })).toHaveCount(0);
  const label = await admin.request.get(
    (await admin.getByRole("link", { name: "Shipping label" }).getAttribute("href")) ?? "",
  );
  expect(label.status()).toBe(200);
  expect(label.headers()["content-type"]).toBe("application/pdf");
  expect((await label.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await snapshot(admin, info, "admin-order-booked");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  await shopperSees(page, order._id, "Shipped");
  await expect(page.getByText(`Shipped with TCS, tracking number ${cn}`)).toBeVisible();
  await snapshot(page, info, "shopper-order-booked");

  // The list's "Print slips": the ticked orders' packing slips as one PDF.
  await admin.goto(`/admin/orders?q=${order.orderNo}`);
  await admin.waitForLoadState("networkidle");
  await admin.getByRole("checkbox", { name: `Choose ${order.orderNo}` }).check();
  const [slips] = await Promise.all([
    admin.waitForResponse((r) => r.url().includes("/api/admin/orders/slips.pdf")),
    admin.getByRole("button", { name: "Print slips" }).click(),
  ]);
  expect(slips.status()).toBe(200);
  expect(slips.headers()["content-type"]).toBe("application/pdf");

  // The courier delivers and collects the cash (what the tracking job records, decision 045);
  // the COD cash screen, from the overview's nav, lists today's cash for TCS.
  const cash = await withShopDb(async (db) => {
    const { rows } = await db.query<{ cod_amount: number; day: string }>(
      `update courier_bookings set delivered_at = now() where order_id = $1
        returning cod_amount, to_char(now() at time zone 'Asia/Karachi', 'YYYY-MM-DD') as day`,
      [order._id],
    );
    return rows[0];
  });
  expect(cash?.cod_amount).toBeGreaterThan(0);
  // A page of its own: the slips' PDF may still be opening in the list's.
  const screen = await admin.context().newPage();
  await screen.goto("/admin");
  await screen.getByRole("link", { name: "COD cash" }).click();
  await expect(screen.getByRole("heading", { name: "COD cash per courier" })).toBeVisible();
  const today = screen.getByRole("row", { name: new RegExp(`^${cash?.day} tcs`, "i") });
  await expect(today).toBeVisible();
  await snapshot(screen, info, "admin-cod-cash");
  expect(await horizontalOverflow(screen)).toBeLessThanOrEqual(0);
  // A day that is not a date: the schema's message, no table.
  await screen.goto("/admin/cod-collections?from=2026-02-31&to=yesterday");
  await expect(screen.getByRole("alert")).toContainText("Use a date like 2026-01-31");
  await expect(screen.getByRole("table")).toHaveCount(0);

  // Had the shopper refused it at the door, the tracking job would flag the phone (decision
  // 045): the Refused phones screen lists it with a link to the order.
  const phone = await withShopDb(async (db) => {
    const { rows } = await db.query<{ phone: string }>(
      `insert into refused_phones (phone, last_order_id, courier)
        select address->>'phone', id, 'tcs' from orders where id = $1
        on conflict (phone) do update set last_order_id = excluded.last_order_id,
          refusals = refused_phones.refusals + 1, last_at = now()
        returning phone`,
      [order._id],
    );
    return rows[0]?.phone ?? "";
  });
  await screen.getByRole("link", { name: "Refused phones" }).click();
  await expect(screen.getByRole("heading", { name: "Refused phones" })).toBeVisible();
  const flagged = screen.getByRole("row", { name: new RegExp(phone.replace("+", "\\+")) });
  await expect(flagged).toContainText("TCS");
  // Both projects' shoppers share the phone: its last order is whichever flagged it last.
  await flagged.getByRole("link", { name: "Open" }).click();
  await expect(screen.getByRole("heading", { name: /^Order MD-\d+/ })).toBeVisible();
  await admin.context().close();
});
