import {
  type ContentService,
  helpArticle,
  helpCenter,
  helpCenterQuery,
} from "@maidan/contracts/content";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";

/** The help center's JSON, for the storefront after hydration and for the mobile apps. */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (
  app,
  { content },
) => {
  app.get(
    "/help-center",
    {
      schema: {
        tags: ["content"],
        summary: "Help-center articles by topic; `q` keeps those containing every word",
        querystring: helpCenterQuery,
        response: { 200: helpCenter, 400: errorBody },
      },
    },
    (req) => content.helpCenter(req.query.q),
  );

  app.get(
    "/help-center/:id",
    {
      schema: {
        tags: ["content"],
        summary: "One help-center article (by slug or id) with the others on its topic",
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: helpArticle, 404: errorBody },
      },
    },
    async (req) => {
      const article = await content.helpArticle(req.params.id);
      if (!article) throw notFound("This help article could not be found");
      return article;
    },
  );
};
