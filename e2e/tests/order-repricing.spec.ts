import { expect, test } from "@playwright/test";
import { rs, signUp } from "./checkout-helpers.ts";
import { withShopDb } from "./db.ts";

/**
 * A checkout of two vendors ships free (Standard Delivery is free from Rs. 3,000); cancelling
 * the larger order takes free shipping from the one that remains, and the shopper is told.
 */
test("cancelling the order that earned free shipping re-prices the other one, and says so", async ({
  page,
}, info) => {
  // Two products of different vendors no other journey uses, at prices this test sets.
  const offset = info.project.name === "phone" ? 0 : 2;
  const [a, b] = await withShopDb(async (db) => {
    const { rows } = await db.query<{ vid: string; pid: string; vendor: string }>(
      `select distinct on (p.vendor_id) v.id as vid, p.id as pid, p.vendor_id as vendor
       from products p join variants v on v.product_id = p.id
       where p.active and v.active order by p.vendor_id, p.slug desc, v.id`,
    );
    const pair = rows.slice(offset, offset + 2);
    for (const [n, r] of pair.entries())
      await db.query("update variants set price = $2, mrp = $2, stock = 10 where id = $1", [
        r.vid,
        n === 0 ? 2500 : 1000,
      ]);
    return pair;
  });
  if (!a || !b) throw new Error("need two vendors");
  await signUp(page, info, "reprice");
  const origin = { origin: info.project.use.baseURL ?? "" };
  for (const v of [a, b])
    expect(
      (
        await page.request.post("/api/cart/v2/add", {
          data: { pid: v.pid, vid: v.vid, qty: 1 },
          headers: origin,
        })
      ).ok(),
    ).toBe(true);
  const placed = await page.request.post("/api/orders", {
    headers: origin,
    data: {
      paymentMethod: "COD",
      address: {
        fullName: "Hina Aslam",
        phone: info.project.name === "phone" ? "03215550101" : "03215550102",
        province: "Sindh",
        city: "Karachi",
        address: "House 7, Street 2, Gulshan-e-Iqbal",
      },
    },
  });
  expect(placed.ok()).toBe(true);
  const orders = (await placed.json()).orders as {
    _id: string;
    orderNo: string;
    vendor: { _id: string };
    amount: { total: number; shipping: number };
  }[];
  const big = orders.find((o) => o.vendor._id === a.vendor);
  const small = orders.find((o) => o.vendor._id === b.vendor);
  if (!big || !small) throw new Error("expected one order per vendor");
  expect(small.amount).toMatchObject({ total: 1000, shipping: 0 });

  await page.goto(`/my/orders/${big._id}`);
  // Cancelling asks first (issue #18).
  await page.locator("summary", { hasText: "Cancel order" }).click();
  await page.getByRole("button", { name: "Yes, cancel this order" }).click();
  await expect(
    page.getByText(
      `Your order is cancelled. Order ${small.orderNo} now costs ${rs(1200)} instead of ${rs(1000)}.`,
    ),
  ).toBeVisible();
  const notes = page.getByRole("note", { name: "Price changes" });
  await expect(notes).toContainText(
    `Re-priced order ${small.orderNo}: free shipping no longer applies. Total ${rs(1000)} → ${rs(1200)}.`,
  );

  await page.goto(`/my/orders/${small._id}`);
  await expect(page.getByRole("note", { name: "Price changes" })).toContainText(
    `Re-priced after order ${big.orderNo} was cancelled: free shipping no longer applies.`,
  );
  const totals = page.locator(".cart-totals");
  await expect(totals).toContainText(rs(200));
  await expect(totals.locator("dd.cart-totals__total")).toHaveText(rs(1200));
});
