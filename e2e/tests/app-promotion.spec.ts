import { type Browser, devices, expect, type Page, test } from "@playwright/test";
import { withShopDb } from "./db.ts";
import { snapshot } from "./helpers.ts";

// Changes the shared settings row: runs in the "settings" project, one test at a time, and on a
// phone of its own (the banner is for phones; the project's page is a desktop).
test.describe.configure({ mode: "serial" });

const TEXT = "Get the Maidan app for faster checkout";
const ANDROID = "https://apps.example/maidan/android";
const IOS = "https://apps.example/maidan/ios";

const setPromotion = (value: object) =>
  withShopDb((db) =>
    db.query("update settings set app_promotion = $1::jsonb where id = 1", [JSON.stringify(value)]),
  );

const phone = (browser: Browser, javaScriptEnabled = true) =>
  browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    userAgent: devices["Pixel 5"].userAgent,
    javaScriptEnabled,
  });

const banner = (page: Page) => page.getByRole("complementary", { name: "The Maidan app" });

test.describe("the app banner (§3 appPromotion, issue #17)", () => {
  test.beforeAll(() => setPromotion({ active: true, text: TEXT, android: ANDROID, ios: IOS }));
  test.afterAll(() =>
    setPromotion({ active: false, text: "Get the Maidan app for faster checkout" }),
  );

  test("a phone sees the text and both store badges; closing it is remembered", async ({
    browser,
  }, info) => {
    const context = await phone(browser);
    const page = await context.newPage();
    await page.goto("/");
    await expect(banner(page)).toContainText(TEXT);
    await expect(page.getByRole("link", { name: "Get it on Google Play" })).toHaveAttribute(
      "href",
      ANDROID,
    );
    await expect(page.getByRole("link", { name: "Download on the App Store" })).toHaveAttribute(
      "href",
      IOS,
    );
    // It sits above the header and leaves the page within the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await snapshot(page, info, "app-banner-phone");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Close the app banner" }).click();
    await expect(banner(page)).toHaveCount(0);
    // The banner goes at once; the cookie comes with the answer to the close form's post.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "app_promotion")?.value)
      .toBe("dismissed");
    // A later visit: the server leaves it out of the page.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
    await expect(banner(page)).toHaveCount(0);
    await context.close();
  });

  test("without JavaScript the close button is a form post that sets the same cookie", async ({
    browser,
  }) => {
    const context = await phone(browser, false);
    const page = await context.newPage();
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await page.getByRole("button", { name: "Close the app banner" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(banner(page)).toHaveCount(0);
    await context.close();
  });

  test("a desktop shows no banner", async ({ page }, info) => {
    await page.goto("/");
    await expect(page.locator(".app-promotion")).toBeHidden();
    await snapshot(page, info, "app-banner-desktop-none");
  });

  test("a store link that is not https, or a script URL, is shown as no link", async ({
    browser,
  }) => {
    await setPromotion({
      active: true,
      text: TEXT,
      android: "javascript:alert(1)",
      link: "//x.test",
    });
    const context = await phone(browser);
    const page = await context.newPage();
    await page.goto("/");
    await expect(banner(page)).toContainText(TEXT);
    await expect(banner(page).getByRole("link")).toHaveCount(0);
    await context.close();
  });

  test("an unknown form intent on the home page is a 400, and nothing is set", async ({
    request,
  }) => {
    const res = await request.post("/?index", {
      form: { intent: "something-else" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(400);
    expect(res.headers()["set-cookie"] ?? "").not.toContain("app_promotion");
  });
});
