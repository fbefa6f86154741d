import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";
import { requireRole } from "../auth/auth.plugin.ts";
import type { Jobs } from "./jobs.ts";

const failedJob = z.object({
  id: z.string(),
  queue: z.string(),
  retryCount: z.number().int(),
  createdOn: z.iso.datetime(),
  failedOn: z.iso.datetime().nullable(),
  error: z.string(),
});

/**
 * /api/admin/jobs: the jobs that kept failing after their retries, for staff (managers and
 * admins) to see and send back to their queue (decision 034).
 */
export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: Jobs }> = async (app, { jobs }) => {
  app.get(
    "/admin/jobs",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags: ["admin"],
        summary: "Jobs by state (failed: out of retries), newest first",
        querystring: z.object({ state: z.enum(["failed"]).default("failed") }),
        response: {
          200: z.object({ jobs: z.array(failedJob) }),
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async () => ({
      jobs: (await jobs.failed()).map((j) => ({
        ...j,
        createdOn: j.createdOn.toISOString(),
        failedOn: j.failedOn?.toISOString() ?? null,
      })),
    }),
  );
  app.post(
    "/admin/jobs/:id/retry",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags: ["admin"],
        summary: "Send a failed job back to its queue (its retries start over)",
        params: z.object({ id: z.uuid({ message: "Unknown job" }) }),
        response: {
          200: z.object({ status: z.literal(true), message: z.string() }),
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (req) => {
      if (!(await jobs.retry(req.params.id))) throw notFound("No failed job with this id");
      return { status: true as const, message: "The job is back in its queue." };
    },
  );
};
