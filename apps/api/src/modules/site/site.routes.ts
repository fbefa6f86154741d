import { errorBody } from "@maidan/contracts/errors";
import type { SiteService } from "@maidan/contracts/services";
import {
  landingList,
  landingQuery,
  page,
  pagesRouter,
  publicSettings,
  shippingMethod,
} from "@maidan/contracts/site";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";
import { sendSharedJson } from "../../lib/shared-json.ts";

const slugParam = z.object({ slug: z.string().min(1).max(200) });

/**
 * Start-up calls of spec §7 and the CMS pages. Every answer is a cached read, the same for
 * everyone, sent by sendSharedJson (serialised and compressed once per cached value).
 */
export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, { site }) => {
  app.get(
    "/pages/router",
    {
      schema: {
        tags: ["site"],
        summary: "Pages and categories that become routes",
        response: { 200: pagesRouter },
      },
    },
    async (req, reply) => sendSharedJson(req, reply, await site.pagesRouter()),
  );

  app.get(
    "/landing",
    {
      schema: {
        tags: ["site"],
        summary:
          "Landing entries (filter v2=true for the route table, landingPage=sale for the sale page)",
        querystring: landingQuery,
        response: { 200: landingList },
      },
    },
    async (req, reply) =>
      sendSharedJson(
        req,
        reply,
        await site.landing({ landingPage: req.query.landingPage, route: req.query.route }),
      ),
  );

  for (const path of ["/settings", "/settings/server-settings"]) {
    app.get(
      path,
      {
        schema: {
          tags: ["site"],
          summary: "Public shop settings",
          response: { 200: publicSettings },
        },
      },
      async (req, reply) => sendSharedJson(req, reply, await site.settings()),
    );
  }

  app.get(
    "/shippings/default",
    {
      schema: {
        tags: ["site"],
        summary: "The default shipping method",
        response: { 200: shippingMethod, 404: errorBody },
      },
    },
    async (req, reply) => {
      const s = await site.defaultShipping();
      if (!s) throw notFound("No shipping method is configured");
      return sendSharedJson(req, reply, s);
    },
  );

  app.get(
    "/pages/:slug",
    {
      schema: {
        tags: ["site"],
        summary: "A CMS page",
        params: slugParam,
        response: { 200: page, 404: errorBody },
      },
    },
    async (req, reply) => {
      const p = await site.page(req.params.slug);
      if (!p) throw notFound("This page could not be found");
      return sendSharedJson(req, reply, p);
    },
  );
};
