import type { Browser, Page, TestInfo } from "@playwright/test";

/** At most this many screens are scrolled through (an infinite listing never ends). */
const MAX_SCREENS = 25;

/**
 * Saves a full-page screenshot as an artifact of this test (see e2e/test-results). First it
 * scrolls through the page so lazy images load, waits for the drawn ones to finish, and
 * scrolls back up; during the capture fixed elements (the phone's bottom navigation) are
 * hidden and sticky ones (the header) stay where they are in the page, since a full-page shot
 * would paint them at the viewport's position, mid-page. Both are restored afterwards.
 */
export async function snapshot(page: Page, info: TestInfo, name: string) {
  const path = info.outputPath(`${name}-${info.project.name}.png`);
  await loadImages(page);
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      const { position } = getComputedStyle(el);
      if (position !== "fixed" && position !== "sticky") continue;
      el.dataset.snapshotStyle = el.getAttribute("style") ?? "";
      if (position === "fixed") el.style.setProperty("visibility", "hidden", "important");
      else el.style.setProperty("position", "static", "important");
    }
  });
  try {
    await page.screenshot({ path, fullPage: true });
  } finally {
    await page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>("[data-snapshot-style]")) {
        const style = el.dataset.snapshotStyle ?? "";
        if (style) el.setAttribute("style", style);
        else el.removeAttribute("style");
        delete el.dataset.snapshotStyle;
      }
    });
  }
  await info.attach(name, { path, contentType: "image/png" });
}

/**
 * Scrolls screen by screen to the end (lazy images start), then waits for drawn images. On a
 * listing it stops short of the infinite-scroll sentinel (its 600 px margin), which would
 * otherwise load page after page into the shot and into the rest of the test.
 */
async function loadImages(page: Page) {
  const start = await page.evaluate(() => window.scrollY);
  for (let i = 0; i < MAX_SCREENS; i++) {
    const more = await page.evaluate(() => {
      const sentinel = document.querySelector(".listing__sentinel");
      const stop = sentinel
        ? sentinel.getBoundingClientRect().top + window.scrollY - 2 * window.innerHeight - 700
        : Number.POSITIVE_INFINITY;
      const next = Math.min(window.scrollY + window.innerHeight, Math.max(0, stop));
      if (next <= window.scrollY) return false;
      window.scrollTo(0, next);
      return window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(100);
    if (!more) break;
  }
  await page
    .waitForFunction(
      () =>
        [...document.images].every(
          // Images not drawn (in a closed panel, the other device's art) never load: skipped.
          (img) => img.complete || img.getClientRects().length === 0,
        ),
      null,
      { timeout: 5000 },
    )
    .catch(() => {
      // A photo that never loads shows the error image; the shot is still worth having.
    });
  await page.evaluate((y) => window.scrollTo(0, y), start);
  await page.waitForTimeout(100);
}

/** Fails the test if the page scrolls sideways (a layout wider than the phone). */
export async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A context like this project's (viewport, touch, user agent) with nothing in it: another person's browser. */
export const freshContext = (browser: Browser, info: TestInfo) =>
  browser.newContext({
    baseURL: info.project.use.baseURL,
    viewport: info.project.use.viewport,
    isMobile: info.project.use.isMobile,
    hasTouch: info.project.use.hasTouch,
    deviceScaleFactor: info.project.use.deviceScaleFactor,
    userAgent: info.project.use.userAgent,
  });

/**
 * Waits until React has taken over the page (`hydrateRoot` marks the document). Before that a
 * button is a plain form post and a changed field is unseen by the app; after it, a click made
 * while the rest still hydrates is replayed by React. Network idle alone comes earlier on a slow
 * machine.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document).some((k) => k.startsWith("__reactContainer$")));
