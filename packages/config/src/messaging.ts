import type { Config } from "./config.ts";

type MessagingEnv = Pick<
  Config,
  | "isProduction"
  | "DEV_OUTBOX"
  | "PAYMENTS_SANDBOX"
  | "SMS_GATEWAY_URL"
  | "SMTP_URL"
  | "COD_CONFIRMATION"
  | "COD_CONFIRM_MINUTES"
>;

/**
 * Where the shop's SMS and e-mail go (decision 042). Without SMS_GATEWAY_URL or SMTP_URL they
 * are written to the outbox, which /dev/outbox shows when it is readable: outside production,
 * and in production when it is a demo shop taking test payments (PAYMENTS_SANDBOX=true, which
 * `npm start` sets, and which puts a ribbon on every page). DEV_OUTBOX=true or false decides
 * over both.
 */
export type Messaging = {
  sms: "gateway" | "outbox";
  email: "smtp" | "outbox";
  /** /dev/outbox and /api/dev/outbox answer. */
  outboxReadable: boolean;
};

export function messagingOf(c: MessagingEnv): Messaging {
  return {
    sms: c.SMS_GATEWAY_URL ? "gateway" : "outbox",
    email: c.SMTP_URL ? "smtp" : "outbox",
    outboxReadable: c.DEV_OUTBOX ?? (!c.isProduction || c.PAYMENTS_SANDBOX === true),
  };
}

/**
 * The start rule: a production shop that asks every cash-on-delivery shopper for an SMS code
 * must be able to send it. Codes written to an outbox nobody can read would cancel every COD
 * order after COD_CONFIRM_MINUTES. One line naming the ways out, or none.
 */
export function messagingProblems(c: MessagingEnv): string[] {
  const m = messagingOf(c);
  if (!c.isProduction || !c.COD_CONFIRMATION || m.sms === "gateway" || m.outboxReadable) return [];
  return [
    `config: SMS_GATEWAY_URL: production asks cash-on-delivery shoppers for an SMS code (COD_CONFIRMATION=true) but has no SMS gateway, so every COD order would be cancelled after ${c.COD_CONFIRM_MINUTES} minutes; set SMS_GATEWAY_URL, set COD_CONFIRMATION=false to take COD orders without a code, or set PAYMENTS_SANDBOX=true for a demo shop whose messages show at /dev/outbox`,
  ];
}

/** The start banner's line about messages: where SMS and e-mail go, and whether COD asks for a code. */
export function messagingBanner(c: MessagingEnv & Pick<Config, "publicUrl">): string {
  const m = messagingOf(c);
  const outbox = m.outboxReadable
    ? `the outbox at ${c.publicUrl}/dev/outbox`
    : "the outbox, which this start does not show (DEV_OUTBOX=true shows it)";
  const sms = m.sms === "gateway" ? "the SMS gateway (SMS_GATEWAY_URL)" : outbox;
  const email = m.email === "smtp" ? "SMTP (SMTP_URL)" : outbox;
  const cod = c.COD_CONFIRMATION
    ? `cash-on-delivery orders wait ${c.COD_CONFIRM_MINUTES} minutes for the SMS code`
    : "cash-on-delivery orders are not confirmed by SMS (COD_CONFIRMATION=false)";
  return sms === email
    ? `messages: SMS and e-mail go to ${sms}; ${cod}`
    : `messages: SMS go to ${sms}, e-mail to ${email}; ${cod}`;
}
