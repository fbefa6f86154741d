import { expect as baseExpect, type Page, type TestInfo, test } from "@playwright/test";
import { adminPage, deliverOrder, origin, shopperOrder } from "./admin-helpers.ts";
import { productWithStock, signUp } from "./checkout-helpers.ts";
import { freshContext, horizontalOverflow, snapshot } from "./helpers.ts";

/**
 * The referral programme (issue #17, decision 055) on a phone and a desktop: a shopper finds
 * their invite link on /my/referral; a friend opens it in their own browser, signs up from the
 * landing page and places a COD order; staff deliver it; the referrer's earnings and wallet
 * show the bonus. Also /earn, and an unknown code's page.
 */
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Each project its own product, apart from the other specs' slots. */
const slot = (info: TestInfo) => 290 + (info.project.name === "phone" ? 0 : 1);

async function looksRight(page: Page, info: TestInfo, name: string) {
  await snapshot(page, info, name);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
}

test("invite link → the friend signs up → first order delivered → the referrer earns", async ({
  page,
  browser,
}, info) => {
  // Each project's friend its own initial: the admin's list holds both projects' referrals.
  const friendLast = info.project.name === "phone" ? "Qureshi" : "Durrani";
  const friendName = `Bilal ${friendLast[0]}.`;
  await signUp(page, info, "referrer");
  await page.goto("/my/referral");
  const linkBox = page.getByTestId("referral-link");
  const link = await linkBox.inputValue();
  const code = (await page.getByTestId("referral-code").textContent())?.trim() ?? "";
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  // Absolute, from the configured origin.
  expect(link).toBe(`${origin(info)}/invite/${code}`);
  // The §9 share dialog, with the invite link in each network's address.
  await page.locator(".referral-link").getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share your invite link" });
  const whatsapp = dialog.locator('[data-network="whatsapp"]');
  await expect(whatsapp).toBeVisible();
  expect(await whatsapp.getAttribute("href")).toContain(encodeURIComponent(link));
  // The dialog is in the top layer: a full-page shot (fixed elements hidden) leaves it out.
  const shot = info.outputPath(`my-referral-share-${info.project.name}.png`);
  await page.screenshot({ path: shot });
  await info.attach("my-referral-share", { path: shot, contentType: "image/png" });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText("No one yet.")).toBeVisible();
  await looksRight(page, info, "my-referral-empty");

  // The friend, in their own browser.
  const friendContext = await freshContext(browser, info);
  const friend = await friendContext.newPage();
  await friend.goto(new URL(link).pathname);
  await expect(
    friend.getByRole("heading", { name: "Hina A. invited you to Maidan" }),
  ).toBeVisible();
  await looksRight(friend, info, "invite");
  await friend.locator(".referral-cta").getByRole("link", { name: "Sign up", exact: true }).click();
  await expect(friend).toHaveURL(/\/account\/signup$/);
  const email = `friend-${info.project.name}-${Date.now()}@example.com`;
  await friend.getByLabel("First name").fill("Bilal");
  await friend.getByLabel("Last name").fill(friendLast);
  await friend.getByLabel("E-mail").fill(email);
  await friend.getByLabel("Password", { exact: true }).fill("friend-pass-123");
  await friend.getByLabel("Confirm password").fill("friend-pass-123");
  await friend.getByRole("button", { name: "Sign up" }).click();
  await expect(friend).toHaveURL(/\/my$/);

  await page.reload();
  const friendRow = page.locator(".referral-friends li", { hasText: friendName });
  await expect(friendRow).toContainText("Joined");

  // The friend's first order, cash on delivery.
  const product = await productWithStock(slot(info), 20);
  const order = await shopperOrder(friend, info, product);
  await page.reload();
  await expect(friendRow).toContainText("Ordered: bonus when delivered");
  await page.goto("/my/earnings");
  await expect(page.getByTestId("earnings-pending")).toHaveText("Rs. 250");
  await expect(page.getByTestId("earnings-available")).toHaveText("Rs. 0");

  // Staff deliver it; the bonus follows through the job queue.
  const admin = await adminPage(browser, info);
  await deliverOrder(admin, info, order._id);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("earnings-available").textContent();
      },
      { timeout: 30_000 },
    )
    .toBe("Rs. 250");
  await expect(page.getByTestId("earnings-pending")).toHaveText("Rs. 0");
  await expect(page.locator(".earnings-list li").first()).toContainText("Referral bonus");
  await expect(page.locator(".earnings-list li").first()).toContainText(
    `${friendName}'s first order`,
  );
  await looksRight(page, info, "my-earnings");

  await page.goto("/my/referral");
  await expect(friendRow).toContainText("Delivered: bonus earned");
  await looksRight(page, info, "my-referral-friend");

  await page.goto("/my/wallet");
  await expect(page.getByTestId("wallet-balance")).toHaveText("Rs. 250");
  await expect(page.locator(".wallet-entries li").first()).toContainText(
    "+Rs. 250 · Referral bonus",
  );
  await looksRight(page, info, "my-wallet-referral");
  // Staff see who brought whom, and the programme's amounts.
  await admin.goto("/admin/referrals");
  const row = admin.getByRole("row", { name: new RegExp(friendName) }).first();
  await expect(row).toContainText("Rewarded");
  await expect(admin.getByLabel("Referrer's bonus (Rs.)")).toHaveValue("250");
  await looksRight(admin, info, "admin-referrals");
  await friendContext.close();
  await admin.context().close();
});

test("/earn shows the programme's amounts; an unknown invite code gets a clear 404 page", async ({
  page,
}, info) => {
  await page.goto("/earn");
  await expect(
    page.getByRole("heading", { name: "Invite friends, earn Rs. 250 each" }),
  ).toBeVisible();
  await expect(page.getByText("Up to 10 bonuses a month.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in to get your invite link" })).toBeVisible();
  await looksRight(page, info, "earn");

  const res = await page.goto("/invite/ZZZZZZZZ");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This invite link is not valid" })).toBeVisible();
  await looksRight(page, info, "invite-unknown");
});
