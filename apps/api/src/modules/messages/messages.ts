import { createHash } from "node:crypto";
import type { Config } from "@maidan/config/config";
import type { Db, DbOrTx } from "@maidan/db/database";
import type { Jobs } from "../jobs/jobs.ts";
import {
  httpSms,
  type Mailer,
  outboxMailer,
  outboxSms,
  type SmsSender,
  smtpMailer,
} from "./adapters.ts";
import type { OutboxRow } from "./messages.repository.ts";
import * as repo from "./messages.repository.ts";
import { type EmailTemplate, emailContent, type SmsTemplate, smsText } from "./templates.ts";

export const SMS_QUEUE = "messages.sms";
export const EMAIL_QUEUE = "messages.email";

type SmsJob = { to: string; message: SmsTemplate };
type EmailJob = { to: string; message: EmailTemplate };

/** What the domains call: a message is a job written in the transaction that causes it. */
export type Messages = {
  /** `key` (an event's id): the message's job gets an id derived from it, so it is enqueued once. */
  sms(tx: DbOrTx, to: string, message: SmsTemplate, key?: string): Promise<void>;
  email(tx: DbOrTx, to: string, message: EmailTemplate, key?: string): Promise<void>;
};

/** A job id (a UUID) that one key and queue always give. */
const keyedId = (queue: string, key: string) => {
  const h = createHash("sha256").update(`${queue}:${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** The messages sent to an order's phone and e-mail since it was placed (at most 50), newest first. */
export const sentTo = async (db: DbOrTx, recipients: string[], since: Date) =>
  (await repo.sentTo(db, recipients, since, 50)).map((m) => ({
    channel: m.channel,
    to: m.recipient,
    template: m.template,
    at: m.sentAt.toISOString(),
  }));

/** The adapters the configuration names: an HTTP SMS gateway and SMTP, else the dev outbox. */
export function configuredSenders(config: Config, db: Db) {
  return {
    sms: config.SMS_GATEWAY_URL
      ? httpSms({
          url: config.SMS_GATEWAY_URL,
          token: config.SMS_GATEWAY_TOKEN,
          sender: config.SMS_SENDER,
        })
      : outboxSms(db),
    mailer: config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(db),
  };
}

/**
 * Every SMS and e-mail the shop sends: enqueued in the business transaction, rendered and sent
 * by a job. A job sends its message once: the send is recorded under the job's id in the same
 * transaction as the dev outbox's row, and a gateway is only called while that record is
 * uncommitted (decision 034 on what "once" means for an outside gateway).
 */
export function createMessages(deps: {
  db: Db;
  jobs: Jobs;
  sms: SmsSender;
  mailer: Mailer;
}): Messages {
  const { db, jobs } = deps;
  // Retries back off from 10 s: 10, 20, 40, 80, 160 s (a login code lives 10 minutes).
  // Done jobs hold codes and links: they are deleted after a day.
  const queue = { retryLimit: 5, retryDelay: 10, keepSeconds: 24 * 3600 };
  /**
   * Sends a job's message unless a send of that job committed before. A sender writing into
   * this database (the dev outbox) gives its row, and claim and row are one statement;
   * any other sender is called inside the transaction that records its send.
   */
  const once =
    <M extends { template: string }>(
      channel: "sms" | "email",
      send: (to: string, m: M, tx: DbOrTx) => Promise<void>,
      outboxRow?: (to: string, m: M) => OutboxRow,
    ) =>
    async (data: { to: string; message: M }, job: { id: string }) => {
      const claim = { jobId: job.id, channel, recipient: data.to, template: data.message.template };
      if (outboxRow) {
        await repo.claimIntoOutbox(db, claim, outboxRow(data.to, data.message));
        return;
      }
      await db.transaction(async (tx) => {
        if (await repo.claimSend(tx, claim)) await send(data.to, data.message, tx);
      });
    };
  const { sms, mailer } = deps;
  jobs.define<SmsJob>({
    ...queue,
    name: SMS_QUEUE,
    handle: once<SmsTemplate>(
      "sms",
      (to, m, tx) => sms.send(to, smsText(m), tx),
      sms.outboxRow && ((to, m) => sms.outboxRow!(to, smsText(m))),
    ),
  });
  jobs.define<EmailJob>({
    ...queue,
    name: EMAIL_QUEUE,
    handle: once<EmailTemplate>(
      "email",
      (to, m, tx) => mailer.send({ to, ...emailContent(m) }, tx),
      mailer.outboxRow && ((to, m) => mailer.outboxRow!({ to, ...emailContent(m) })),
    ),
  });
  return {
    async sms(tx, to, message, key) {
      const id = key ? keyedId(SMS_QUEUE, key) : undefined;
      await jobs.enqueue<SmsJob>(tx, SMS_QUEUE, { to, message }, { id });
    },
    async email(tx, to, message, key) {
      const id = key ? keyedId(EMAIL_QUEUE, key) : undefined;
      await jobs.enqueue<EmailJob>(tx, EMAIL_QUEUE, { to, message }, { id });
    },
  };
}
