import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { messagingBanner, messagingOf, messagingProblems } from "./messaging.ts";

const config = (env: Record<string, string>) =>
  loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), "maidan-messaging-")),
    PUBLIC_URL: "http://localhost:3000",
    ...env,
  });
const production = (env: Record<string, string> = {}) => config({ NODE_ENV: "production", ...env });

describe("where messages go (decision 042)", () => {
  it("npm start's demo (production, PAYMENTS_SANDBOX=true) writes them to a readable outbox and starts", () => {
    const c = production({ PAYMENTS_SANDBOX: "true" });
    expect(messagingOf(c)).toEqual({ sms: "outbox", email: "outbox", outboxReadable: true });
    expect(messagingProblems(c)).toEqual([]);
    expect(messagingBanner(c)).toBe(
      "messages: SMS and e-mail go to the outbox at http://localhost:3000/dev/outbox; cash-on-delivery orders wait 120 minutes for the SMS code",
    );
  });

  it("refuses a production start whose COD codes could reach nobody, naming the ways out", () => {
    const lines = messagingProblems(production());
    expect(lines).toEqual([
      "config: SMS_GATEWAY_URL: production asks cash-on-delivery shoppers for an SMS code (COD_CONFIRMATION=true) but has no SMS gateway, so every COD order would be cancelled after 120 minutes; set SMS_GATEWAY_URL, set COD_CONFIRMATION=false to take COD orders without a code, or set PAYMENTS_SANDBOX=true for a demo shop whose messages show at /dev/outbox",
    ]);
    // The demo with its outbox closed is refused too: nobody could read the codes.
    expect(
      messagingProblems(production({ PAYMENTS_SANDBOX: "true", DEV_OUTBOX: "false" })),
    ).toEqual(lines);
    expect(messagingProblems(production({ PAYMENTS_SANDBOX: "false" }))).toEqual(lines);
  });

  it("starts with an SMS gateway, or with confirmation off and says so", () => {
    const live = production({ SMS_GATEWAY_URL: "https://sms.example.pk/send" });
    expect(messagingProblems(live)).toEqual([]);
    expect(messagingOf(live)).toEqual({ sms: "gateway", email: "outbox", outboxReadable: false });
    expect(messagingBanner(live)).toBe(
      "messages: SMS go to the SMS gateway (SMS_GATEWAY_URL), e-mail to the outbox, which this start does not show (DEV_OUTBOX=true shows it); cash-on-delivery orders wait 120 minutes for the SMS code",
    );
    const off = production({ COD_CONFIRMATION: "false", SMTP_URL: "smtp://mail.example.pk" });
    expect(messagingProblems(off)).toEqual([]);
    expect(messagingBanner(off)).toBe(
      "messages: SMS go to the outbox, which this start does not show (DEV_OUTBOX=true shows it), e-mail to SMTP (SMTP_URL); cash-on-delivery orders are not confirmed by SMS (COD_CONFIRMATION=false)",
    );
  });

  it("outside production the outbox is readable unless DEV_OUTBOX=false; DEV_OUTBOX=true opens it anywhere", () => {
    expect(messagingOf(config({})).outboxReadable).toBe(true);
    expect(messagingOf(config({ DEV_OUTBOX: "false" })).outboxReadable).toBe(false);
    expect(messagingProblems(config({ DEV_OUTBOX: "false" }))).toEqual([]);
    const opened = production({ DEV_OUTBOX: "true" });
    expect(messagingOf(opened).outboxReadable).toBe(true);
    expect(messagingProblems(opened)).toEqual([]);
  });
});
