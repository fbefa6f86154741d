import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A push the local service took: which subscription, the headers, and the decrypted message. */
export type ReceivedPush = {
  path: string;
  headers: IncomingHttpHeaders;
  /** The message as the browser would read it (RFC 8291, aes128gcm, decrypted here). */
  text: string;
};

type Browser = { ecdh: ReturnType<typeof createECDH>; auth: Buffer };

/**
 * A push service on 127.0.0.1 for tests, speaking the Web Push protocol (RFC 8030): it takes a
 * POST per message at a subscription's endpoint, checks the VAPID header is there, decrypts the
 * body with the subscription's private key as a browser would, and answers 201 — or what the
 * test told it to answer for that subscription (410 Gone, 503). Never a real push service.
 */
export async function startPushService() {
  const browsers = new Map<string, Browser>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      const browser = browsers.get(path);
      if (req.method !== "POST" || !browser) {
        res.writeHead(404).end();
        return;
      }
      const answer = answers.get(path);
      if (answer) {
        res.writeHead(answer).end();
        return;
      }
      const auth = String(req.headers.authorization ?? "");
      if (!/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(auth)) {
        res.writeHead(401).end();
        return;
      }
      try {
        received.push({
          path,
          headers: req.headers,
          text: decrypt(browser, Buffer.concat(chunks)),
        });
        res.writeHead(201).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    origin,
    received,
    /** A new browser's subscription, as PushSubscription.toJSON() gives it. */
    subscribe() {
      const path = `/push/${++n}-${randomBytes(6).toString("hex")}`;
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(path, { ecdh, auth });
      return {
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString("base64url"),
          auth: auth.toString("base64url"),
        },
      };
    },
    /** From now on the service answers `status` for this subscription (410: it expired). */
    answer(endpoint: string, status: number) {
      answers.set(new URL(endpoint).pathname, status);
    },
    /** The messages received for a subscription, parsed. */
    messagesFor(endpoint: string) {
      const path = new URL(endpoint).pathname;
      return received.filter((r) => r.path === path).map((r) => JSON.parse(r.text) as unknown);
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** RFC 8291 / RFC 8188: one aes128gcm record, keys from the browser's ECDH pair and auth secret. */
function decrypt({ ecdh, auth }: Browser, body: Buffer) {
  const salt = body.subarray(0, 16);
  const idLen = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLen);
  const cipher = body.subarray(21 + idLen);
  const shared = ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, auth, info, 32));
  const cek = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
  );
  const nonce = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
  );
  const d = createDecipheriv("aes-128-gcm", cek, nonce);
  d.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([d.update(cipher.subarray(0, cipher.length - 16)), d.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString("utf8");
}
