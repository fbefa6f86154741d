import type { Page, TestInfo } from "@playwright/test";

/** Saves a full-page screenshot as an artifact of this test (see e2e/test-results). */
export async function snapshot(page: Page, info: TestInfo, name: string) {
  const path = info.outputPath(`${name}-${info.project.name}.png`);
  await page.screenshot({ path, fullPage: true });
  await info.attach(name, { path, contentType: "image/png" });
}

/** Fails the test if the page scrolls sideways (a layout wider than the phone). */
export async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
