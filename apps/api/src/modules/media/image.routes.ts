import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, notFound } from "../../lib/errors.ts";
import { createImageCache } from "./image-cache.ts";
import { IMAGE_FORMATS, IMAGE_WIDTHS, parseImageRequest } from "./image-request.ts";
import type { MediaStorage } from "./media-storage.ts";

const CONTENT_TYPES = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" } as const;

/**
 * GET /img/<width>/<path>.<format>: a media file resized to an allowed width, in AVIF, WebP or
 * JPEG, cached on this instance's disk and in browsers for a year (the source files never change
 * in place). The original comes from the media storage, which may be a shared bucket.
 */
export const imageRoutes: FastifyPluginAsyncZod<{
  storage: MediaStorage;
  cacheDir: string;
}> = async (app, opts) => {
  const cache = createImageCache(opts);
  app.get(
    "/img/:width/*",
    {
      schema: {
        tags: ["media"],
        summary: `A resized product or banner image (widths ${IMAGE_WIDTHS.join(", ")}; ${IMAGE_FORMATS.join(", ")})`,
        params: z.object({ width: z.string().max(5), "*": z.string().max(300) }),
        response: { 200: z.any().describe("the image bytes"), 400: errorBody, 404: errorBody },
      },
    },
    async (req, reply) => {
      const parsed = parseImageRequest(req.params.width, req.params["*"]);
      if (!parsed.ok) throw badRequest(parsed.message);
      const image = await cache.get(parsed.value);
      if (!image) throw notFound("Image not found");
      return reply
        .header("content-type", CONTENT_TYPES[parsed.value.format])
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(image);
    },
  );
};
