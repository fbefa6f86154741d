import { createTestDatabase } from "@maidan/db/testing/test-database";
import { describe, expect, inject, it } from "vitest";
import { startProduction } from "./testing/production-start.ts";

/**
 * The production start rule of decision 042, as a process: COD confirmation codes with nowhere
 * to go stop the start with one line (the rule itself: packages/config/src/messaging.test.ts).
 */
describe("a production start with COD confirmation on", () => {
  it("refuses to start without an SMS gateway or a readable outbox, saying what to set", async () => {
    const database = await createTestDatabase(inject("pgServerUrl"));
    try {
      // No sandbox payments (so no demo), every gateway off: only the SMS rule is left.
      const r = startProduction(database.url, {
        PAYMENTS_DISABLED: "easypaisa,alfalah,hbl,keenu,nift",
      });
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split("\n")).toEqual([
        "config: SMS_GATEWAY_URL: production asks cash-on-delivery shoppers for an SMS code (COD_CONFIRMATION=true) but has no SMS gateway, so every COD order would be cancelled after 120 minutes; set SMS_GATEWAY_URL, set COD_CONFIRMATION=false to take COD orders without a code, or set PAYMENTS_SANDBOX=true for a demo shop whose messages show at /dev/outbox",
      ]);
      expect(r.stdout).not.toContain("Maidan is open");
    } finally {
      await database.close();
    }
  });
});
