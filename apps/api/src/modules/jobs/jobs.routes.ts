import { jobsOverview } from "@maidan/contracts/admin-dashboard";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";
import { requireRole } from "../auth/auth.plugin.ts";
import { type Jobs, overviewOf } from "./jobs.ts";

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
        summary: "Jobs by state (failed: out of retries), newest first, and each queue's counts",
        querystring: z.object({ state: z.enum(["failed"]).default("failed") }),
        response: {
          200: jobsOverview,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    () => overviewOf(jobs),
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
