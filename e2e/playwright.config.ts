import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "@maidan/server/server-flags";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Set once in the main process so the workers (which re-read this file) share the same folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "maidan-e2e-"));
const DATA_DIR = process.env.E2E_DATA_DIR;

/** Debian's Chromium, never a downloaded browser. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  fullyParallel: true,
  workers: 2,
  // One retry on CI, where the 2 cores are shared; a retried pass is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  // A journey of several pages on the phone project runs past 30 s on a loaded 2-core machine,
  // and CI's shared machines have run the whole suite four times slower than a quiet one: there
  // a test gets 120 s and each expectation 15 s (60 s and 5 s elsewhere, so a broken step still
  // fails fast at a desk). A passing test takes no longer either way.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 15_000 : 5_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "./playwright-report" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    // Tests that change the shop's shared settings run alone, one after another; so do sweeps
    // that do not depend on the viewport.
    {
      name: "settings",
      testMatch: /(analytics|hostile-urls|app-promotion|admin-settings)\.spec\.ts/,
      fullyParallel: false,
      // One file at a time too: without it these files ran at once in different workers, where
      // the back-office settings form, saved whole, can put back the app banner's old value
      // under the banner's own test (it failed its first try in two CI runs).
      workers: 1,
      use: { viewport: { width: 1366, height: 768 } },
    },
    {
      name: "phone",
      testIgnore: /(analytics|hostile-urls|app-promotion|admin-settings)\.spec\.ts/,
      // A test tagged for one viewport only is left out of the other (never skipped).
      grepInvert: /@desktop-only/,
      use: {
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        userAgent: devices["Pixel 5"].userAgent,
      },
    },
    {
      name: "desktop",
      testIgnore: /(analytics|hostile-urls|app-promotion|admin-settings)\.spec\.ts/,
      grepInvert: /@phone-only/,
      use: { viewport: { width: 1366, height: 768 } },
    },
  ],
  webServer: {
    command: `"${process.execPath}" ${SERVER_NODE_FLAGS.join(" ")} ../apps/server/src/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // No settings cache, so a test that changes a setting sees it on the next page.
    env: {
      ...SERVER_ENV,
      CACHE_TTL_MS: "0",
      // The demo shop pays through the built-in sandbox gateways.
      PAYMENTS_SANDBOX: "true",
      // Every journey orders from 127.0.0.1, many to the same few numbers: no limits on
      // unconfirmed COD orders and their SMS (their own tests are cod-limits.int.test.ts).
      COD_HOLD_ORDERS: "0",
      COD_HOLD_UNITS: "0",
      COD_HOLD_IP_ORDERS: "0",
      COD_HOLD_IP_UNITS: "0",
      COD_SMS_PER_HOUR: "0",
      COD_SMS_IP_PER_HOUR: "0",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      // Production refuses to start without it; the browser opens the shop at this origin, and
      // gateways send the shopper back to it only (decisions 022, 025).
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR,
      // The push journey's local push service speaks plain http (never a real push service).
      PUSH_ALLOW_HTTP: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
  },
});
