import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dir = () => mkdtempSync(join(tmpdir(), "maidan-config-"));

describe("loadConfig", () => {
  it("fills defaults and keeps a generated JWT secret under the data folder", () => {
    const d = dir();
    const a = loadConfig({ DATA_DIR: d });
    expect(a.PORT).toBe(3000);
    expect(a.DATABASE_URL).toBeUndefined();
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(d, "jwt-secret"), "utf8").trim()).toBe(a.jwtSecret);
    expect(loadConfig({ DATA_DIR: d }).jwtSecret).toBe(a.jwtSecret);
  });

  it("reports one line per bad variable", () => {
    try {
      loadConfig({ DATA_DIR: dir(), PORT: "http", DATABASE_URL: "mysql://x", REDIS_URL: "nope" });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const lines = (e as ConfigError).lines;
      expect(lines).toHaveLength(3);
      expect(lines.some((l) => l.startsWith("config: PORT:"))).toBe(true);
      expect(lines.some((l) => l.startsWith("config: DATABASE_URL:"))).toBe(true);
      expect(lines.some((l) => l.startsWith("config: REDIS_URL:"))).toBe(true);
    }
  });

  it("turns caches off under NODE_ENV=test unless a lifetime is given", () => {
    expect(loadConfig({ DATA_DIR: dir() }).CACHE_TTL_MS).toBe(30_000);
    expect(loadConfig({ DATA_DIR: dir(), NODE_ENV: "test" }).CACHE_TTL_MS).toBe(0);
    expect(
      loadConfig({ DATA_DIR: dir(), NODE_ENV: "test", CACHE_TTL_MS: "60000" }).CACHE_TTL_MS,
    ).toBe(60_000);
  });

  it("limits unconfirmed COD orders and their SMS by default, not under NODE_ENV=test unless set", () => {
    expect(loadConfig({ DATA_DIR: dir() })).toMatchObject({
      COD_HOLD_ORDERS: 3,
      COD_HOLD_UNITS: 10,
      COD_HOLD_IP_ORDERS: 10,
      COD_HOLD_IP_UNITS: 30,
      COD_SMS_PER_HOUR: 5,
      COD_SMS_IP_PER_HOUR: 15,
    });
    const test = loadConfig({ DATA_DIR: dir(), NODE_ENV: "test", COD_HOLD_ORDERS: "2" });
    expect(test).toMatchObject({ COD_HOLD_ORDERS: 2, COD_HOLD_UNITS: 0, COD_SMS_PER_HOUR: 0 });
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATA_DIR: dir(), DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});
