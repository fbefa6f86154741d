import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "@maidan/config/config";
import { databaseSecrets } from "@maidan/db/shared-secrets";
import webpush from "web-push";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** What a push carries to the service worker (it shows title and body, and opens `link`). */
export type PushMessage = { title: string; body: string; link: string; tag: string };

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** The push service's answer: sent, gone (404/410: the subscription is dead) or failed. */
export type PushResult =
  | { outcome: "sent" }
  | { outcome: "gone"; status: number }
  | { outcome: "failed"; error: string };

export type PushSender = {
  publicKey(): Promise<string>;
  send(to: PushTarget, message: PushMessage): Promise<PushResult>;
};

const FILE = "vapid-keys.json";
const SECRET = "vapid-keys";

/**
 * The shop's VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else generated
 * once and kept like the other generated secrets (decision 031): in the shared database with
 * an external one (every instance signs with the same key, or browsers' subscriptions break),
 * else in DATA_DIR (mode 600). Changing it orphans every browser's subscription.
 */
export function vapidKeys(config: Config): () => Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.ADMIN_EMAIL}`;
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY))
    throw new Error("config: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither");
  let keys: Promise<VapidKeys> | null = null;
  const load = async (): Promise<VapidKeys> => {
    if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
      return {
        publicKey: config.VAPID_PUBLIC_KEY,
        privateKey: config.VAPID_PRIVATE_KEY,
        subject,
      };
    const make = () => JSON.stringify(webpush.generateVAPIDKeys());
    const text = config.DATABASE_URL
      ? await databaseSecrets(config.DATABASE_URL).get(SECRET, make)
      : fileSecret(join(config.dataDir, FILE), make);
    const k = JSON.parse(text) as { publicKey: string; privateKey: string };
    return { publicKey: k.publicKey, privateKey: k.privateKey, subject };
  };
  return () => {
    keys ??= load().catch((e: unknown) => {
      keys = null;
      throw e;
    });
    return keys;
  };
}

/** Made once; a process writing its own meanwhile wins and both read its file. */
function fileSecret(file: string, make: () => string) {
  if (existsSync(file)) return readFileSync(file, "utf8");
  try {
    writeFileSync(file, make(), { mode: 0o600, flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  return readFileSync(file, "utf8");
}

/**
 * Web push through `web-push`: it encrypts the message for the browser (RFC 8291) and signs the
 * request (VAPID); the request itself goes out with fetch, so a push service on plain http (the
 * tests' local one) is reached as a real one on https.
 */
export function createPushSender(keys: () => Promise<VapidKeys>, timeoutMs: number): PushSender {
  return {
    publicKey: async () => (await keys()).publicKey,
    async send(to, message) {
      const k = await keys();
      const req = webpush.generateRequestDetails(
        { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
        JSON.stringify(message),
        {
          vapidDetails: k,
          // A day: a phone that is off for longer gets the notification in the app instead.
          TTL: 24 * 3600,
          // The same notification sent twice replaces itself at the push service.
          topic: message.tag,
        },
      );
      let res: Response;
      try {
        res = await fetch(req.endpoint, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: req.body ? new Uint8Array(req.body) : null,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
      } catch (e) {
        return { outcome: "failed", error: e instanceof Error ? e.message : String(e) };
      }
      await res.body?.cancel().catch(() => {});
      if (res.ok) return { outcome: "sent" };
      if (res.status === 404 || res.status === 410) return { outcome: "gone", status: res.status };
      return { outcome: "failed", error: `push service answered ${res.status}` };
    },
  };
}
