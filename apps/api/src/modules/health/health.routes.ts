import type { Database } from "@maidan/db/database";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Kv } from "../../lib/kv.ts";

const health = z.object({ status: z.literal("ok") });
const readiness = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["ok", "down"]),
  cache: z.enum(["ok", "down"]),
  engine: z.enum(["embedded", "external"]),
  kv: z.enum(["memory", "redis"]),
});

/** Liveness (the process answers) and readiness (its database and cache answer). */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; kv: Kv }> = async (
  app,
  { database, kv },
) => {
  app.get("/health", { schema: { tags: ["ops"], response: { 200: health } } }, async () => ({
    status: "ok" as const,
  }));

  // The benchmark floor: the cheapest answer this server can give.
  app.get("/ping", { schema: { tags: ["ops"], hide: true } }, async (_req, reply) =>
    reply.type("text/plain").send("pong"),
  );

  app.get(
    "/ready",
    { schema: { tags: ["ops"], response: { 200: readiness, 503: readiness } } },
    async (_req, reply) => {
      const [dbOk, kvOk] = await Promise.all([
        database.pool.query("select 1").then(
          () => true,
          () => false,
        ),
        kv.ping().then(
          () => true,
          () => false,
        ),
      ]);
      const body = {
        status: dbOk && kvOk ? ("ok" as const) : ("unavailable" as const),
        database: dbOk ? ("ok" as const) : ("down" as const),
        cache: kvOk ? ("ok" as const) : ("down" as const),
        engine: database.engine,
        kv: kv.kind,
      };
      return reply.status(dbOk && kvOk ? 200 : 503).send(body);
    },
  );
};
