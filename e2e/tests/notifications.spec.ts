import { startPushService } from "@maidan/api/testing/push-service";
import { expect as baseExpect, type Page, type TestInfo, test } from "@playwright/test";
import { adminPage, origin, shopperOrder } from "./admin-helpers.ts";
import { withShopDb } from "./db.ts";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * Notifications and web push (issue #16, decision 049) in a real browser, on a phone and a
 * desktop: a signed-in shopper's order moved by staff (through the admin endpoints) shows up on
 * /notifications with the unread count on the header's bell (phones too); opening one goes
 * to the order and marks it read; "Mark all as read" clears the badge. Push: permission granted,
 * the opt-in after the order subscribes through the service worker and the shop stores it; the
 * staff's next step reaches the test's local push service, and its message, delivered to the
 * service worker, is shown as a notification.
 */
// Two journeys each with the admin signing in through the page: slow on the 2 shared cores.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Each project its own product, apart from the other specs' slots. */
const slot = (info: TestInfo, n: number) => 270 + n * 2 + (info.project.name === "phone" ? 0 : 1);

/** Staff move the order one step through the admin endpoint (the admin's own session). */
async function staffMove(admin: Page, info: TestInfo, id: string, body: Record<string, string>) {
  const res = await admin.request.post(`/api/admin/orders/${id}/transition`, {
    headers: { origin: origin(info) },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Every job the server has queued so far has run (notifications are written by one). */
const jobsSettled = () =>
  withShopDb(async (db) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where (name like 'events.%' or name like 'notifications.%')
           and state in ('created', 'active') and start_after <= now()`,
      );
      if (rows[0]?.n === 0 || Date.now() > deadline) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  });

/** The header's bell (phones and desktops alike): its name and data-n carry the unread count. */
const bell = (page: Page, n: number) =>
  page.getByRole("link", { name: `${n} unread notifications`, exact: true });

test("staff move an order: the notifications appear with the badge, open one, mark all read", async ({
  page,
  browser,
}, info) => {
  const order = await shopperOrder(page, info, slot(info, 0));
  const admin = await adminPage(browser, info);
  await staffMove(admin, info, order._id, { action: "confirm" });
  await staffMove(admin, info, order._id, { action: "pack" });
  await staffMove(admin, info, order._id, {
    action: "ship",
    courier: "TCS",
    trackingNo: "TCS-5550001",
  });
  await jobsSettled();

  await page.goto("/");
  // Placed, confirmed, shipped: three unread.
  await expect(bell(page, 3)).toHaveAttribute("data-n", "3");
  // The phone's bottom bar carries the same count on its Account tab.
  const accountTab = page.locator('.bottom-nav a[href="/my"]');
  await expect(accountTab).toHaveAttribute("data-n", "3");
  if (info.project.name === "phone")
    expect(await accountTab.evaluate((a) => getComputedStyle(a, "::after").content)).toBe('"3"');
  await bell(page, 3).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { name: /Notifications/, level: 1 })).toContainText(
    "3 unread",
  );
  const items = page.locator(".notification");
  await expect(items).toHaveCount(3);
  // Newest first, each naming the order.
  await expect(items.nth(0)).toContainText(`Order ${order.orderNo} shipped`);
  await expect(items.nth(0)).toContainText("On its way with TCS, tracking number TCS-5550001.");
  await expect(items.nth(1)).toContainText(`Order ${order.orderNo} confirmed`);
  await expect(items.nth(2)).toContainText(`Order ${order.orderNo} placed`);
  await expect(page.locator(".notification--unread")).toHaveCount(3);
  await page.waitForLoadState("networkidle");
  await snapshot(page, info, "notifications");
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  // Mark one read: the list and the badge refresh.
  await page.getByRole("button", { name: `Mark “Order ${order.orderNo} placed” as read` }).click();
  await expect(page.locator(".notification--unread")).toHaveCount(2);
  await expect(bell(page, 2)).toBeVisible();

  // Open the newest: the order's page, and it is read.
  await items
    .nth(0)
    .getByRole("button", { name: new RegExp(`^Unread Order ${order.orderNo} shipped`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/my/orders/${order._id}$`));
  await expect(bell(page, 1)).toBeVisible();

  await page.goto("/notifications");
  await expect(page.locator(".notification--unread")).toHaveCount(1);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.locator(".notification--unread")).toHaveCount(0);
  // Nothing unread: no count on the bell (CSS hides data-n 0), and its name still says so.
  await expect(bell(page, 0)).toHaveAttribute("data-n", "0");
  await snapshot(page, info, "notifications-read");
  await admin.context().close();
});

test("push: permission granted, the opt-in after the order subscribes, the next step is pushed and shown", async ({
  page,
  browser,
}, info) => {
  const push = await startPushService();
  try {
    const subscription = push.subscribe();
    // Headless Chromium has no push service to register with: the browser's PushManager hands
    // out the local service's subscription instead; all else (permission, service worker,
    // the shop's storage and sending) is real.
    await page.context().grantPermissions(["notifications"], { origin: origin(info) });
    await page.addInitScript((sub) => {
      let current: { endpoint: string; toJSON(): unknown } | null = null;
      PushManager.prototype.getSubscription = async () => current as never;
      PushManager.prototype.subscribe = async () => {
        current = { endpoint: sub.endpoint, toJSON: () => sub };
        return current as never;
      };
    }, subscription);

    const order = await shopperOrder(page, info, slot(info, 1));
    await page.goto(`/order-success?id=${order._id}`);
    const card = page.getByRole("region", { name: "Order updates" });
    await expect(card).toContainText("Get order updates on this device?");
    await page.waitForLoadState("networkidle");
    await snapshot(page, info, "push-opt-in");
    await card.getByRole("button", { name: "Turn on notifications" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Notifications are on." }),
    ).toBeVisible();
    const stored = await withShopDb(async (db) => {
      const { rows } = await db.query<{ n: number }>(
        "select count(*)::int as n from push_subscriptions where endpoint = $1",
        [subscription.endpoint],
      );
      return rows[0]?.n;
    });
    expect(stored).toBe(1);
    // Asked once: the next order's page does not ask again.
    await page.goto("/my/orders");
    await expect(page.getByRole("heading", { name: "My orders" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("region", { name: "Order updates" })).toHaveCount(0);

    const admin = await adminPage(browser, info);
    await staffMove(admin, info, order._id, { action: "confirm" });
    await admin.context().close();
    await expect
      .poll(() => push.messagesFor(subscription.endpoint), { timeout: 20_000 })
      .toContainEqual(
        expect.objectContaining({
          title: `Order ${order.orderNo} confirmed`,
          link: `/my/orders/${order._id}`,
        }),
      );
    const message = push
      .messagesFor(subscription.endpoint)
      .find((m) => (m as { title: string }).title.endsWith("confirmed"));

    // The message as the push service delivers it to the browser's service worker.
    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const r = registrations.find((x) => x.scopeURL === `${origin(info)}/` && !x.isDeleted);
        if (r) resolve(r.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: origin(info),
      registrationId: await registrationId,
      data: JSON.stringify(message),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            link: (n.data as { link: string }).link,
          })),
        ),
      )
      .toContainEqual({
        title: `Order ${order.orderNo} confirmed`,
        body: "We are getting it ready to ship.",
        link: `/my/orders/${order._id}`,
      });
  } finally {
    await push.close();
  }
});
