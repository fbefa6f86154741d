import { randomUUID } from "node:crypto";
import { runWithLogger } from "@maidan/observability/log";
import { observeRequest } from "@maidan/observability/request-durations";
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";

/** What a proxy or client may name a request with: a short token, nothing to escape. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The request's id: the caller's `x-request-id` when it is a safe token, else a new UUID. */
export function requestId(req: { headers: FastifyRequest["headers"] }): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Fastify's own lines about requests (decision 038 and its addendum): one `request` line when a
 * response ends, with method, route pattern, status and milliseconds, and the request's duration
 * in maidan_http_request_duration_seconds. So that the console is not buried under them, the
 * line is at debug, at warn when the answer is a 5xx or took `slowMs` or longer, and at error
 * when the request failed with an error. Fastify's "incoming request", "not found" and
 * premature-close lines would add more per request at info: none or debug.
 */
export class RequestLog extends LogController {
  private readonly slowMs: number;
  private readonly warnsPerSecond: number;
  private readonly now: () => number;
  private second = 0;
  private warned = 0;
  private suppressed = 0;

  /**
   * At most `warnsPerSecond` slow or 5xx lines a second: an overloaded server answers everything
   * slowly, and a line per request would cost it more time and fill the disk. The rest of each
   * second is counted and said in one line when the next warning comes (error lines are not
   * limited).
   */
  constructor(slowMs = 1000, opts: { warnsPerSecond?: number; now?: () => number } = {}) {
    super();
    this.slowMs = slowMs;
    this.warnsPerSecond = opts.warnsPerSecond ?? 20;
    this.now = opts.now ?? Date.now;
  }

  /** Whether this warning may be written now; says how many were held back before it. */
  private mayWarn(log: FastifyRequest["log"]): boolean {
    const second = Math.floor(this.now() / 1000);
    if (second !== this.second) {
      if (this.suppressed > 0)
        log.warn({ suppressed: this.suppressed }, "more slow or failed requests, not logged");
      this.second = second;
      this.warned = 0;
      this.suppressed = 0;
    }
    if (this.warned < this.warnsPerSecond) {
      this.warned++;
      return true;
    }
    this.suppressed++;
    return false;
  }

  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    // The route's pattern, never the URL: a URL can carry a token and has no end of values.
    const route = request.routeOptions.url ?? "unmatched";
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    observeRequest(request.method, route, status, ms / 1000);
    const line = { method: request.method, route, status, ms: Math.round(ms * 10) / 10 };
    if (error) request.log.error({ ...line, err: error }, "request");
    else if (status >= 500 || ms >= this.slowMs) {
      if (this.mayWarn(request.log))
        request.log.warn(ms >= this.slowMs ? { ...line, slow: true } : line, "request");
    } else request.log.debug(line, "request");
  }

  override routeNotFound() {}

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if ((error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE") {
      request.log.debug("response stream closed before its end");
    } else super.streamError(error, request, reply);
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply);
    else request.log.debug({ err: error }, error.message);
  }
}

/**
 * Every request's id in the `x-request-id` response header, and its logger as what `logger()`
 * returns for all the code it runs (loaders, actions, services): the rest of the request runs
 * inside `done`, and Fastify keeps that context across reading a body. Registered before every
 * other hook, so requests refused early carry the id too.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("x-request-id", req.id);
    runWithLogger(req.log, done);
  });
}
