import { expect as baseExpect, test } from "@playwright/test";
import { adminPage, shopperOrder } from "./admin-helpers.ts";
import { withShopDb } from "./db.ts";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * The back-office's overview (issue #14, decision 047) on a phone and a desktop: the admin opens
 * the dashboard, confirms a shopper's COD order from the queue in one tap (and cancels another
 * with the customer's reason), finds that change in the audit log, sees the payments and their
 * reconciliation, and sends a failed job back to its queue.
 */
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("the dashboard, the COD queue's one-tap confirm, the audit log, payments and a retried job", async ({
  page,
  browser,
}, info) => {
  const slot = 230 + (info.project.name === "phone" ? 0 : 1);
  const order = await shopperOrder(page, info, slot);
  const refused = await shopperOrder(page, info, slot);
  const admin = await adminPage(browser, info);

  // The dashboard: sales in rupees, the COD rates, the charts.
  await admin.getByRole("link", { name: "Dashboard" }).click();
  await expect(admin.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(admin.getByRole("list", { name: "Sales" })).toContainText("Sales today");
  await expect(admin.getByRole("list", { name: "Sales" })).toContainText("Rs.");
  await expect(admin.getByRole("img", { name: /^Orders by status:/ })).toBeVisible();
  await expect(admin.getByRole("heading", { name: /Low stock/ })).toBeVisible();
  await snapshot(admin, info, "admin-dashboard");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  // The queue: the shopper's order waits for its call; one tap confirms it.
  await admin.getByRole("link", { name: "COD queue" }).click();
  await expect(admin.getByRole("heading", { name: "Unconfirmed COD orders" })).toBeVisible();
  const row = admin.getByRole("listitem", { name: order.orderNo });
  await expect(row).toContainText("Hina Aslam");
  await expect(row).toContainText(/left|no deadline/);
  await snapshot(admin, info, "admin-cod");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
  await admin.waitForLoadState("networkidle");
  await row.getByRole("button", { name: `Confirm ${order.orderNo}` }).click();
  await expect(admin.getByRole("status")).toHaveText(`Order ${order.orderNo} is confirmed.`);
  await expect(admin.getByRole("listitem", { name: order.orderNo })).toHaveCount(0);
  // The customer said no: cancelled with the reason they gave.
  const other = admin.getByRole("listitem", { name: refused.orderNo });
  await other.getByLabel(`Reason to cancel ${refused.orderNo}`).fill("Customer ordered by mistake");
  await other.getByRole("button", { name: `Cancel ${refused.orderNo}` }).click();
  await expect(admin.getByRole("status")).toHaveText(`Order ${refused.orderNo} is cancelled.`);
  await expect(admin.getByRole("listitem", { name: refused.orderNo })).toHaveCount(0);

  // The audit log shows the change, by record.
  await admin.getByRole("link", { name: "Audit" }).click();
  await admin.getByLabel("Record").fill(`order:${order._id}`);
  await admin.getByRole("button", { name: "Show" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/audit\\?record=order%3A${order._id}`));
  const entry = admin.getByRole("row", { name: /confirm/ });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Maidan Admin");
  await expect(entry).toContainText('status: "pending_confirmation" → "confirmed"');
  await snapshot(admin, info, "admin-audit");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  // Payments: a gateway took money for a COD checkout (set up in the database: no screen makes
  // one); the reconciliation lists it as a mismatch, the attempts with their gateway.
  const paidCod = await shopperOrder(page, info, slot);
  await withShopDb((db) =>
    db.query(
      `insert into payment_attempts (reference, gateway, method, purpose, checkout_id, amount,
         status, expires_at, result_message)
       select 'E2E' || order_no, 'jazzcash', 'JazzCash', 'order', checkout_id, total, 'paid',
         now() + interval '1 hour', 'Approved' from orders where id = $1`,
      [paidCod._id],
    ),
  );
  await admin.getByRole("link", { name: "Payments" }).click();
  await expect(admin.getByRole("heading", { name: "Reconciliation" })).toBeVisible();
  await expect(
    admin.getByRole("row", { name: new RegExp(`${paidCod.orderNo}.*Mismatch`) }),
  ).toBeVisible();
  await expect(
    admin.getByRole("row", { name: new RegExp(`jazzcash.*${paidCod.orderNo}.*paid`) }),
  ).toBeVisible();
  await expect(admin.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
    "href",
    /\/api\/admin\/payments\/reconciliation\.csv/,
  );
  const csv = await admin.request.get("/api/admin/payments/reconciliation.csv");
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split("\r\n")[0]).toBe(
    "checkout_id,orders,method,attempts_paid,orders_paid,difference,match,created_at",
  );
  await snapshot(admin, info, "admin-payments");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  // A job that ran out of retries (the order's confirmation SMS, failed here by hand).
  const jobId = await withShopDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `update pgboss.job set state = 'failed', completed_on = now(),
         output = '{"message":"SMS gateway down (e2e)"}'
       where id = (select id from pgboss.job where name = 'messages.sms'
         and data->'message'->>'orderNo' = $1 order by created_on desc limit 1)
       returning id`,
      [order.orderNo],
    );
    return rows[0]?.id ?? "";
  });
  expect(jobId).not.toBe("");
  await admin.getByRole("link", { name: "Jobs" }).click();
  await expect(admin.getByRole("heading", { name: "Jobs", level: 1 })).toBeVisible();
  await expect(admin.getByRole("row", { name: /messages\.sms/ }).first()).toBeVisible();
  const failed = admin.getByRole("row", { name: /SMS gateway down \(e2e\)/ }).filter({
    has: admin.getByRole("button", { name: `Retry messages.sms job ${jobId}` }),
  });
  await expect(failed).toHaveCount(1);
  await snapshot(admin, info, "admin-jobs");
  await admin.waitForLoadState("networkidle");
  await failed.getByRole("button", { name: /Retry/ }).click();
  await expect(admin.getByRole("status")).toHaveText("The job is back in its queue.");
  await expect(admin.getByRole("button", { name: `Retry messages.sms job ${jobId}` })).toHaveCount(
    0,
  );
  await admin.context().close();
});
