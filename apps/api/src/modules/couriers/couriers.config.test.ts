import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "@maidan/config/config";
import { describe, expect, it } from "vitest";
import { courierSettings } from "./couriers.config.ts";

const env = (extra: Record<string, string>) =>
  loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), "maidan-couriers-")),
    PUBLIC_URL: "https://maidan.pk",
    ...extra,
  });

/** Which couriers are live, which run on their sandboxes, and which cannot be booked (decision 045). */
describe("courier settings", () => {
  it("runs every courier on its sandbox outside production, each with its own key", () => {
    const s = courierSettings(env({ NODE_ENV: "development" }));
    expect(s.tcs).toMatchObject({ baseUrl: "/sandbox/couriers/tcs", live: false });
    expect(s.leopards?.baseUrl).toBe("/sandbox/couriers/leopards");
    expect(s.postex?.apiKey).toHaveLength(24);
    expect(s.tcs?.apiKey).not.toBe(s.postex?.apiKey);
  });

  it("is live with a URL and its key; a URL without its key is refused", () => {
    const s = courierSettings(
      env({
        NODE_ENV: "production",
        TCS_URL: "https://api.tcscourier.com/production/v1/",
        TCS_API_KEY: "client-id",
        TCS_USERNAME: "maidan",
      }),
    );
    expect(s.tcs).toEqual({
      baseUrl: "https://api.tcscourier.com/production/v1",
      apiKey: "client-id",
      extra: { username: "maidan" },
      live: true,
    });
    // Production without test mode: no sandboxes, so the others cannot be booked.
    expect(s.leopards).toBeNull();
    expect(s.postex).toBeNull();
    expect(() =>
      courierSettings(env({ NODE_ENV: "production", POSTEX_URL: "https://api.postex.pk/x" })),
    ).toThrow(/POSTEX: its URL is set but not its API key/);
  });

  it("allows the sandboxes in production in test mode", () => {
    const s = courierSettings(env({ NODE_ENV: "production", PAYMENTS_SANDBOX: "true" }));
    expect(s.leopards?.live).toBe(false);
  });
});
