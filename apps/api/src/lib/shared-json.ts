import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** The best encoding the client accepts among ours (no q-value parsing: browsers send both). */
export function pickEncoding(acceptEncoding: string | string[] | undefined) {
  const accepted = String(acceptEncoding ?? "");
  if (/\bbr\b/.test(accepted)) return "br" as const;
  if (/\bgzip\b/.test(accepted)) return "gzip" as const;
  return null;
}

/**
 * Compresses text that is kept and sent many times (cached pages and JSON answers): brotli 6, or
 * gzip 6. The brotli window, 2^18 = 256 KB, is larger than anything we send, so nothing is lost;
 * the default 4 MB window made each compression allocate several megabytes. Synchronous on
 * purpose: on the thread pool the same work left ~60 MB behind in the threads' malloc arenas.
 */
export function compressOnce(encoding: "br" | "gzip", text: Buffer): Buffer {
  const out =
    encoding === "br"
      ? brotliCompressSync(text, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 6,
            [constants.BROTLI_PARAM_LGWIN]: 18,
            [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
          },
        })
      : gzipSync(text, { level: 6 });
  return kept(out);
}

/**
 * A buffer of its own, exactly as long as its content, for bytes kept for a long time. zlib's
 * results are slices of a 64 KB output buffer, and small Buffer.from() results are slices of a
 * shared 64 KB pool: a kept 13 KB slice kept the whole 64 KB alive (the page cache held five
 * times the memory of its pages).
 */
export function kept(content: Buffer | string): Buffer {
  const size = typeof content === "string" ? Buffer.byteLength(content) : content.length;
  const own = Buffer.allocUnsafeSlow(size);
  if (typeof content === "string") own.write(content);
  else content.copy(own);
  return own;
}

/** Answers under this size go uncompressed (as the compress plugin's threshold). */
const MIN_COMPRESSED = 1024;

type Encoded = { json: Buffer; br?: Buffer; gzip?: Buffer };
const encoded = new WeakMap<object, Encoded>();

function encodingOf(value: object): Encoded {
  let e = encoded.get(value);
  if (!e) {
    e = { json: kept(JSON.stringify(value)) };
    encoded.set(value, e);
  }
  return e;
}

/**
 * What a cached read holds in memory, for a cache bounded by bytes: its objects (about 1.5 times
 * their JSON in V8's heap, measured on a 20-card listing), the JSON kept to send it, and its
 * compressed forms once made; 3 × the JSON's length in all. The JSON made here is the one
 * `sendSharedJson` sends, so weighing costs no second stringify.
 */
export function sharedJsonWeight(value: unknown): number {
  if (value === null || typeof value !== "object") return 64;
  try {
    return 3 * encodingOf(value).json.length;
  } catch {
    return 256 * 1024; // not JSON (never the case for a catalogue read): weighed generously
  }
}

/**
 * Sends a cached read as JSON. Such a value is the same object for every request until the
 * cache replaces it, and nobody changes it in place, so its JSON and each compressed form are
 * made once per value and reused; the compress plugin then has nothing to do. Per request, the
 * plugin's brotli of a 10 KB listing cost more than the rest of the request together.
 */
export function sendSharedJson(req: FastifyRequest, reply: FastifyReply, value: object) {
  const e = encodingOf(value);
  reply.type("application/json; charset=utf-8");
  if (e.json.length < MIN_COMPRESSED) return reply.send(e.json);
  reply.header("vary", "Accept-Encoding");
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  if (!encoding) return reply.send(e.json);
  e[encoding] ??= compressOnce(encoding, e.json);
  const body = e[encoding];
  reply.header("content-encoding", encoding);
  return reply.send(body);
}
