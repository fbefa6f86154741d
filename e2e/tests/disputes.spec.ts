import { expect as baseExpect, type Page, type TestInfo, test } from "@playwright/test";
import sharp from "sharp";
import { adminPage, origin, shopperOrder } from "./admin-helpers.ts";
import { productWithStock, signUp } from "./checkout-helpers.ts";
import { horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * Disputes (issues #16 and #14, decision 052) in a real browser, on a phone and a desktop: staff
 * deliver the shopper's order through the admin endpoints; the shopper opens a dispute with a
 * photo (an empty form first: the messages beside the fields); staff read it in the queue, reply
 * and resolve it with a refund to the wallet; the shopper sees the thread, its markup shown as
 * text, and the credit on /my/wallet.
 */
test.describe.configure({ timeout: 360_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Each project its own product, apart from the other specs' slots. */
const slot = (info: TestInfo) => 252 + (info.project.name === "phone" ? 0 : 1);

async function deliver(admin: Page, info: TestInfo, id: string) {
  for (const data of [
    { action: "confirm" },
    { action: "pack" },
    { action: "ship", courier: "TCS", trackingNo: "TCS-5252525" },
    { action: "deliver" },
  ]) {
    const res = await admin.request.post(`/api/admin/orders/${id}/transition`, {
      headers: { origin: origin(info) },
      data,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

test("a shopper disputes a delivered item with a photo; staff reply and refund to the wallet", async ({
  page,
  browser,
}, info) => {
  await signUp(page, info, "dispute-journey");
  const order = await shopperOrder(page, info, await productWithStock(slot(info), 20));
  const admin = await adminPage(browser, info);
  await deliver(admin, info, order._id);

  await page.goto(`/my/orders/${order._id}`);
  await page.getByRole("link", { name: "Report a problem" }).click();
  await expect(page.getByRole("heading", { name: "Report a problem", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The only item is chosen already; nothing else filled: the messages beside the fields.
  await page.getByRole("button", { name: "Send to Maidan" }).click();
  await expect(page.locator("#reason-error")).toHaveText("Choose what is wrong");
  await expect(page.locator("#description-error")).toHaveText("Enter at least 10 characters");
  await expect(page.locator("#wanted-error")).toHaveText("Choose a refund or a replacement");
  await snapshot(page, info, "dispute-open-errors");

  await page.getByLabel("What is wrong?").selectOption("damaged");
  await page
    .getByLabel("Tell us what happened")
    .fill("The strap tore off the first day. <b>Not bold</b> <script>alert(1)</script>");
  const photo = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: "#b33" },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel(/^Photos/)
    .setInputFiles({ name: "strap.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByLabel("Refund").check();
  await page.getByRole("button", { name: "Send to Maidan" }).click();
  await page.waitForURL(/\/my\/disputes\/detail\/[0-9a-f-]+$/);
  const disputeUrl = new URL(page.url()).pathname;
  await expect(
    page.getByText("<b>Not bold</b> <script>alert(1)</script>", { exact: false }),
  ).toBeVisible();
  await expect(page.locator(".dispute-description b")).toHaveCount(0);
  const img = page.getByRole("img", { name: "Photo 1 of the problem" });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.locator(".dispute-status")).toHaveText("Open");
  await snapshot(page, info, "dispute-opened");
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await page.goto("/my/disputes");
  await expect(page.getByRole("heading", { name: "My disputes", level: 1 })).toBeVisible();
  await expect(page.getByText(`Order ${order.orderNo} · Damaged`)).toBeVisible();
  await snapshot(page, info, "my-disputes");

  // Staff: the queue's open tab, the dispute, a reply, then the refund.
  await admin.goto("/admin");
  await admin.getByRole("link", { name: "Disputes" }).click();
  await admin.getByRole("link", { name: "Open", exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/disputes\?status=open/);
  const row = admin.getByRole("row", { name: new RegExp(order.orderNo) });
  await snapshot(admin, info, "admin-disputes");
  await row.getByRole("link").first().click();
  await expect(
    admin.getByRole("heading", { name: new RegExp(`Dispute on ${order.orderNo}`) }),
  ).toBeVisible();
  await expect(admin.getByRole("img", { name: "Photo 1 of the problem" })).toBeVisible();
  await admin.waitForLoadState("networkidle");
  await admin.getByLabel("Message").fill("So sorry! We are refunding the item to your wallet.");
  await admin.getByRole("button", { name: "Send reply" }).click();
  await expect(admin.getByRole("status")).toHaveText(
    "Reply sent; the dispute now awaits the shopper.",
  );
  await expect(admin.locator(".dispute-status").first()).toHaveText("Awaiting shopper");

  // An empty note: the message beside it, nothing refunded.
  await admin.getByRole("button", { name: "Refund and close" }).click();
  await expect(admin.locator("#resolve-note-error")).toHaveText("Enter at least 3 characters");
  const amountText = await admin.getByLabel(/^Amount/).inputValue();
  await admin.getByLabel("Note to the shopper").fill("Refunded in full, with our apologies");
  await snapshot(admin, info, "admin-dispute");
  await admin.getByRole("button", { name: "Refund and close" }).click();
  await expect(admin.getByRole("status")).toHaveText("The dispute is resolved.");
  await expect(admin.locator(".dispute-resolution")).toContainText(
    "refunded to the shopper's wallet",
  );
  await snapshot(admin, info, "admin-dispute-resolved");
  expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);

  // The shopper: the thread with staff's reply, the resolution, the wallet's credit.
  await page.goto(disputeUrl);
  await expect(page.getByText("So sorry! We are refunding the item to your wallet.")).toBeVisible();
  await expect(page.locator(".dispute-status")).toHaveText("Resolved");
  const amount = `Rs. ${Number(amountText).toLocaleString("en-US")}`;
  await expect(
    page.getByRole("status").filter({ hasText: "refunded to your wallet" }),
  ).toContainText(amount);
  await snapshot(page, info, "dispute-resolved");
  await page.getByRole("link", { name: "See my wallet" }).click();
  await expect(
    page.getByText(new RegExp(`Refund for order ${order.orderNo}: Dispute`)),
  ).toBeVisible();
  await expect(page.getByTestId("wallet-balance")).toHaveText(amount);
  await snapshot(page, info, "dispute-wallet");
  await admin.context().close();
});
