import type { Socket } from "node:net";
import { MAX_QUERY_LENGTH } from "@maidan/contracts/catalog";
import {
  AppError,
  type ErrorCode,
  errorBodyOf,
  isAppError,
  isUnavailable,
} from "@maidan/contracts/errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

const answer = (reply: FastifyReply, code: ErrorCode, message?: string) => {
  const error = new AppError(code, message);
  return reply.status(error.status).send(errorBodyOf(error));
};

/**
 * Turns every failure into the spec's `{message, status}` body with its code from
 * `@maidan/contracts/errors`; unknown errors stay private.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (isAppError(err)) return reply.status(err.status).send(errorBodyOf(err));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = first?.instancePath
        ? `${first.instancePath.slice(1).replaceAll("/", ".")}: `
        : "";
      const message = `Invalid ${err.validationContext ?? "request"}: ${where}${first?.message ?? "bad value"}`;
      return answer(reply, "VALIDATION", message);
    }
    if (badValueForDatabase(err)) {
      // The request carried a value the database cannot take; validation should have said so.
      req.log.warn({ err }, "request value refused by the database");
      return answer(reply, "BAD_VALUE");
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, "request failed");
      return answer(reply, isUnavailable(err) ? "SERVICE_UNAVAILABLE" : "INTERNAL");
    }
    return reply.status(status).send({ message: err.message, status, code: err.code });
  });

  app.setNotFoundHandler((req, reply) =>
    answer(reply, "NOT_FOUND", `Route ${req.method} ${req.url.split("?")[0]} not found`),
  );
}

/**
 * PostgreSQL refusing a value the client sent: a NUL or invalid character (22021, 22P05), text
 * that is not of the column's type (22P02), a number out of range (22003), an overlong string
 * (22001), a bad date (22007, 22008).
 */
const BAD_VALUE_CODES = new Set(["22021", "22P05", "22P02", "22003", "22001", "22007", "22008"]);
function badValueForDatabase(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const { code, cause } = err as { code?: string; cause?: unknown };
  return (code !== undefined && BAD_VALUE_CODES.has(code)) || badValueForDatabase(cause, depth + 1);
}

/**
 * Errors Fastify raises before routing (a malformed URL, an overlong parameter) get the same
 * `{message, status}` body as everything else.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
  reply.status(status).send({ message: err.message, status, code: err.code });
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  413: "Payload Too Large",
  431: "Request Header Fields Too Large",
};

/**
 * Where an overlong search address goes instead of a bare 431: the same search, its words cut
 * to what search reads anyway (MAX_QUERY_LENGTH). A query pasted by mistake, or a link with a
 * 20,000-character `q`, then opens a normal results page. Only a page request (a GET of
 * /search, /search?q=… or /search/{q}) is moved; anything else keeps its error. Node's parser
 * hands over the bytes it refused, which start with the request line when it came in one piece.
 */
export function overlongSearchTarget(raw: Buffer | undefined): string | null {
  if (!raw) return null;
  const line = /^GET (\/search(?:[/?][^ \r\n]*)?)(?: |\r|\n|$)/.exec(
    raw.subarray(0, 64 * 1024).toString("latin1"),
  );
  if (!line?.[1]) return null;
  const path = line[1];
  let q = "";
  if (path.startsWith("/search?")) {
    q = new URLSearchParams(path.slice("/search?".length)).get("q") ?? "";
  } else if (path.startsWith("/search/")) {
    q = decodeLoose(path.slice("/search/".length).split("?")[0] ?? "");
  }
  q = q.replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH).trim();
  return q ? `/search/${encodeURIComponent(q)}` : "/search";
}

/** `decodeURIComponent` that keeps a cut-off escape ("%E2%9") as it is instead of throwing. */
function decodeLoose(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%[0-9a-f]{0,1}$/i, "");
  }
}

/**
 * Errors Node's HTTP parser raises (oversized headers, garbage on the socket), as JSON; an
 * overlong search address is sent on to its shortened search instead (overlongSearchTarget).
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  // Node adds the refused bytes to a parser error; Fastify's type for the handler leaves it out.
  const raw = (err as { rawPacket?: Buffer }).rawPacket;
  const target = err.code === "HPE_HEADER_OVERFLOW" ? overlongSearchTarget(raw) : null;
  if (target) {
    return socket.end(
      `HTTP/1.1 303 See Other\r\nLocation: ${target}\r\nCache-Control: no-store\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  }
  const status =
    err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const body = JSON.stringify({ message: REASONS[status], status });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
