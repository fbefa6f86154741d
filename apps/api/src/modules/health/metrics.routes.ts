import { createHash, timingSafeEqual } from "node:crypto";
import { renderMetrics } from "@maidan/observability/metrics";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Who may read /metrics (decision 038). With METRICS_TOKEN, whoever sends it as a bearer token
 * (anyone else: 401). Without it, only a client on this machine talking to the shop directly:
 * the socket's own address is loopback and no proxy forwarded the request (a proxy on the same
 * machine would otherwise make every visitor local); anyone else: 403.
 */
export function metricsAccess(
  req: Pick<FastifyRequest, "headers"> & { socket: { remoteAddress?: string } },
  token: string | undefined,
): 200 | 401 | 403 {
  if (token) {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    return given && timingSafeEqual(digest(given), digest(token)) ? 200 : 401;
  }
  const local = LOOPBACK.test(req.socket.remoteAddress ?? "");
  const forwarded = req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded;
  return local && !forwarded ? 200 : 403;
}

/** Prometheus metrics, text format, for the monitoring system only (not in the API document). */
export const metricsRoutes: FastifyPluginAsync<{ token: string | undefined }> = async (
  app,
  { token },
) => {
  app.get("/metrics", { schema: { hide: true } }, async (req, reply) => {
    const access = metricsAccess({ headers: req.headers, socket: req.raw.socket }, token);
    if (access === 401) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      return reply.status(401).send({ message: "A metrics token is required", status: 401 });
    }
    if (access === 403) {
      return reply
        .status(403)
        .send({ message: "Metrics are readable from this machine only", status: 403 });
    }
    const { contentType, body } = await renderMetrics();
    return reply.type(contentType).header("cache-control", "no-store").send(body);
  });
};
