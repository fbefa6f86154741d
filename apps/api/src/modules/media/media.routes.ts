import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";
import { isPublicMediaKey, MEDIA_CACHE_CONTROL } from "./media-key.ts";
import type { MediaStorage } from "./media-storage.ts";

/**
 * GET /media/<key>: an original picture from the media storage (local disk or the shared
 * bucket), streamed with its type and a day of caching; a client holding it gets 304.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ storage: MediaStorage }> = async (app, opts) => {
  app.get(
    "/media/*",
    {
      schema: {
        tags: ["media"],
        summary: "An original product, banner or profile picture",
        params: z.object({ "*": z.string().max(300) }),
        headers: z.object({ "if-none-match": z.string().max(200).optional() }).loose(),
        response: { 200: z.any().describe("the image bytes"), 304: z.any(), 404: errorBody },
      },
    },
    async (req, reply) => {
      const key = req.params["*"];
      if (!isPublicMediaKey(key)) throw notFound("Image not found");
      const file = await opts.storage.open(key, { ifNoneMatch: req.headers["if-none-match"] });
      if (!file) throw notFound("Image not found");
      reply.header("cache-control", MEDIA_CACHE_CONTROL).header("etag", file.etag);
      if ("notModified" in file) return reply.code(304).send();
      return reply
        .header("content-type", file.contentType)
        .header("content-length", file.size)
        .header("last-modified", file.lastModified.toUTCString())
        .send(file.body);
    },
  );
};
