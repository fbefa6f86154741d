import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { snapshot } from "./helpers.ts";

/** /template and /test (spec §2): the page template for page writers, the connection check. */

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes[0]?.target}`);

test("/template shows every element a page may use, as the sanitiser leaves it", async ({
  page,
}, info) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const res = await page.goto("/template");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Page template" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "A section heading" })).toBeVisible();
  await expect(page.getByRole("link", { name: "a link to the sale" })).toHaveAttribute(
    "href",
    "/sale",
  );
  await expect(page.getByRole("table")).toContainText("38–40");
  await expect(page.getByRole("img", { name: "A picture in a page" })).toBeVisible();
  // The sample's script and inline handler are gone, as they would be from a real page.
  await expect(page.locator(".prose script")).toHaveCount(0);
  await expect(page.locator(".prose [onclick]")).toHaveCount(0);
  await page.getByText("A paragraph whose inline handler").click();
  expect(dialogs).toEqual([]);
  // Kept out of search engines by its header (a meta tag would cost every product page's script).
  expect(res?.headers()["x-robots-tag"]).toBe("noindex");
  expect(await seriousViolations(page)).toEqual([]);
  await snapshot(page, info, "template");
});

test("/test shows the shop's time and what the browser says, and copies it for support", async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/test");
  await expect(
    page.getByRole("heading", { level: 1, name: "Check your connection" }),
  ).toBeVisible();
  const value = (label: string) =>
    page
      .locator(".connection-check dt", { hasText: label })
      .locator("xpath=following-sibling::dd[1]");
  await expect(value("JavaScript")).toHaveText("on");
  await expect(value("Cookies")).toHaveText("on");
  await expect(value("Your clock")).toHaveText("right");
  await expect(value("The shop answered in")).toHaveText(/^\d+ ms$/);
  await expect(value("Screen")).toHaveText(
    info.project.name === "phone" ? "360 × 740" : "1366 × 768",
  );
  await page.getByRole("button", { name: "Copy these details" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain("Cookies: on");
  expect(copied).toMatch(/The shop answered in: \d+ ms/);
  // The long user agent wraps: the page keeps the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    info.project.name === "phone" ? 360 : 1366,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await snapshot(page, info, "connection-check");
});

test("/test without JavaScript says so, beside the shop's time", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/test");
  await expect(page.locator(".connection-check")).toContainText(
    "off: the shop needs it for checkout",
  );
  await expect(page.locator(".connection-check")).toContainText("The shop's time");
  await context.close();
});
