import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
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

  it("with an external database and no JWT_SECRET, marks the secret as one the database keeps", () => {
    const d = dir();
    const external = loadConfig({ DATA_DIR: d, DATABASE_URL: "postgres://x@127.0.0.1/db" });
    expect(external.jwtSecretInDatabase).toBe(true);
    expect(external.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(join(d, "jwt-secret"))).toBe(false);
    const set = "s".repeat(40);
    const given = loadConfig({ DATA_DIR: d, DATABASE_URL: "postgres://x@h/db", JWT_SECRET: set });
    expect(given).toMatchObject({ jwtSecret: set, jwtSecretInDatabase: false });
    expect(loadConfig({ DATA_DIR: d }).jwtSecretInDatabase).toBe(false);
  });

  it("offers an older version's secret file as the candidate for the shared secret", () => {
    const d = dir();
    writeFileSync(join(d, "jwt-secret"), `${"o".repeat(48)}\n`);
    expect(loadConfig({ DATA_DIR: d, DATABASE_URL: "postgres://x@h/db" }).jwtSecret).toBe(
      "o".repeat(48),
    );
  });

  it("media: S3 settings need a bucket, and keys come in pairs", () => {
    try {
      loadConfig({
        DATA_DIR: dir(),
        MEDIA_S3_ENDPOINT: "http://127.0.0.1:9000",
        MEDIA_S3_ACCESS_KEY_ID: "key",
      });
      expect.unreachable();
    } catch (e) {
      expect((e as ConfigError).lines).toEqual([
        "config: MEDIA_S3_BUCKET: required when MEDIA_S3_ENDPOINT, MEDIA_S3_ACCESS_KEY_ID is set",
        "config: MEDIA_S3_ACCESS_KEY_ID: set it together with MEDIA_S3_SECRET_ACCESS_KEY, or neither",
      ]);
    }
    const c = loadConfig({ DATA_DIR: dir(), MEDIA_S3_BUCKET: "shop-media" });
    expect(c).toMatchObject({ MEDIA_S3_REGION: "us-east-1", MEDIA_S3_FORCE_PATH_STYLE: false });
  });

  it("treats empty variables as unset, PUBLIC_URL included", () => {
    const d = dir();
    expect(loadConfig({ DATA_DIR: d, PUBLIC_URL: "" }).publicUrl).toBe("http://localhost:3000");
  });
});

describe("the public origin", () => {
  it("outside production defaults to http://localhost:PORT", () => {
    expect(loadConfig({ DATA_DIR: dir() }).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ DATA_DIR: dir(), NODE_ENV: "test", PORT: "4100" }).publicUrl).toBe(
      "http://localhost:4100",
    );
  });

  it("is PUBLIC_URL's origin, without a trailing slash", () => {
    const d = dir();
    expect(loadConfig({ DATA_DIR: d, PUBLIC_URL: "https://Maidan.pk/" }).publicUrl).toBe(
      "https://maidan.pk",
    );
    expect(
      loadConfig({ DATA_DIR: d, NODE_ENV: "production", PUBLIC_URL: "http://localhost:8080" })
        .publicUrl,
    ).toBe("http://localhost:8080");
  });

  it("refuses what is not an http(s) origin", () => {
    for (const bad of [
      "ftp://maidan.pk",
      "https://maidan.pk/shop",
      "https://maidan.pk/?x=1",
      "https://user:pass@maidan.pk",
      "maidan.pk",
    ]) {
      expect(() => loadConfig({ DATA_DIR: dir(), PUBLIC_URL: bad }), bad).toThrow(
        /^config: PUBLIC_URL: /,
      );
    }
  });

  it("is required in production, with one clear line", () => {
    try {
      loadConfig({ DATA_DIR: dir(), NODE_ENV: "production" });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const lines = (e as ConfigError).lines;
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^config: PUBLIC_URL: required in production/);
    }
  });

  it("the origins a browser may post from: the public one, and localhost outside production", () => {
    expect(loadConfig({ DATA_DIR: dir(), PORT: "3202" }).siteOrigins).toEqual([
      "http://localhost:3202",
      "http://127.0.0.1:3202",
    ]);
    expect(
      loadConfig({ DATA_DIR: dir(), PORT: "3202", PUBLIC_URL: "https://maidan.pk" }).siteOrigins,
    ).toEqual(["https://maidan.pk", "http://localhost:3202", "http://127.0.0.1:3202"]);
    expect(
      loadConfig({
        DATA_DIR: dir(),
        NODE_ENV: "production",
        PORT: "3202",
        PUBLIC_URL: "https://maidan.pk",
      }).siteOrigins,
    ).toEqual(["https://maidan.pk"]);
  });
});
