import { errorBody } from "@maidan/contracts/errors";
import {
  type FreebieService,
  freebieDetail,
  freebieList,
  freebieParams,
} from "@maidan/contracts/freebies";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors.ts";

/** Spec §7 `GET /freebies/{id}`: open to everyone; a bearer or cookie token adds the viewer. */
export const freebieRoutes: FastifyPluginAsyncZod<{ freebies: FreebieService }> = async (
  app,
  { freebies },
) => {
  app.get(
    "/freebies",
    {
      schema: {
        tags: ["freebies"],
        summary: "Live freebie campaigns",
        response: { 200: freebieList },
      },
    },
    () => freebies.list(),
  );

  app.get(
    "/freebies/:id",
    {
      schema: {
        tags: ["freebies"],
        summary:
          "One live freebie campaign (by slug or id): its free products and terms. With a bearer or cookie token, `viewer` says whether the shopper's cart qualifies now; null for anonymous callers",
        params: freebieParams,
        response: { 200: freebieDetail, 400: errorBody, 404: errorBody },
      },
    },
    async (req) => {
      const found = await freebies.detail(req.params.id, req.viewer.user?.id ?? null);
      if (!found) throw notFound("This freebie could not be found");
      return found;
    },
  );
};
