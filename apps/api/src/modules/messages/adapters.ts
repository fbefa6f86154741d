import type { DbOrTx } from "@maidan/db/database";
import nodemailer from "nodemailer";
import type { OutboxRow } from "./messages.repository.ts";
import * as repo from "./messages.repository.ts";

/**
 * Sends one SMS. The dev outbox is the default; production sets SMS_GATEWAY_URL. `tx` is the
 * transaction that records the send (messages.ts): the outbox writes in it, so a dev message is
 * kept exactly when its send is; a gateway outside the database ignores it.
 */
export type SmsSender = {
  kind: string;
  send(to: string, text: string, tx?: DbOrTx): Promise<void>;
  /**
   * A sender that writes into the shop's own database (the dev outbox): the row it writes, so
   * that a job's send and its record are one statement (messages.ts).
   */
  outboxRow?(to: string, text: string): OutboxRow;
};
export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = {
  kind: string;
  send(mail: Mail, tx?: DbOrTx): Promise<void>;
  /** As SmsSender's. */
  outboxRow?(mail: Mail): OutboxRow;
};

const smsRow = (to: string, text: string): OutboxRow => ({
  channel: "sms",
  recipient: to,
  body: text,
});
const emailRow = (m: Mail): OutboxRow => ({
  channel: "email",
  recipient: m.to.toLowerCase(),
  subject: m.subject,
  body: m.text,
  html: m.html ?? null,
});

/** Writes messages to the dev_outbox table, shown at /dev/outbox and read by the tests. */
export function outboxSms(db: DbOrTx): SmsSender {
  return {
    kind: "outbox",
    send: (to, text, tx) => repo.insertOutbox(tx ?? db, smsRow(to, text)).then(() => {}),
    outboxRow: smsRow,
  };
}

export function outboxMailer(db: DbOrTx): Mailer {
  return {
    kind: "outbox",
    send: (m, tx) => repo.insertOutbox(tx ?? db, emailRow(m)).then(() => {}),
    outboxRow: emailRow,
  };
}

/**
 * A generic HTTP SMS gateway (the shape most Pakistani bulk-SMS providers accept): a JSON POST of
 * {to, from, text} with a bearer token. A non-2xx answer is an error, so the caller can report it.
 */
export function httpSms(opts: {
  url: string;
  token?: string;
  sender: string;
  fetch?: typeof fetch;
}): SmsSender {
  const doFetch = opts.fetch ?? fetch;
  return {
    kind: "http",
    async send(to, text) {
      const res = await doFetch(opts.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: JSON.stringify({ to, from: opts.sender, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`sms gateway answered ${res.status}`);
    },
  };
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
  };
}
