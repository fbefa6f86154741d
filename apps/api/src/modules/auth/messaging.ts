import type { Db } from "@maidan/db/database";
import nodemailer from "nodemailer";
import * as repo from "./auth.repository.ts";

/** Sends one SMS. The dev outbox is the default; production sets SMS_GATEWAY_URL. */
export type SmsSender = { kind: string; send(to: string, text: string): Promise<void> };
export type Mail = { to: string; subject: string; text: string };
export type Mailer = { kind: string; send(mail: Mail): Promise<void> };

/** Writes messages to the dev_outbox table, shown at /dev/outbox and read by the tests. */
export function outboxSms(db: Db): SmsSender {
  return {
    kind: "outbox",
    send: (to, text) =>
      repo.insertOutbox(db, { channel: "sms", recipient: to, body: text }).then(() => {}),
  };
}

export function outboxMailer(db: Db): Mailer {
  return {
    kind: "outbox",
    send: (m) =>
      repo
        .insertOutbox(db, {
          channel: "email",
          recipient: m.to.toLowerCase(),
          subject: m.subject,
          body: m.text,
        })
        .then(() => {}),
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
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
    },
  };
}
