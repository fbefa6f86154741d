import {
  type AdminContentService,
  bannerOrderBody,
  CONTENT_BODIES,
  CONTENT_IMAGE_MAX_MB,
  CONTENT_KINDS,
  CONTENT_LABELS,
  CONTENT_RECORDS,
  contentImageBody,
  contentImageResult,
  contentList,
  DELETABLE,
  ownStore,
  ownStores,
  storeDescriptionBody,
} from "@maidan/contracts/admin-content";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";

const idParam = z.object({ id: z.string().max(100) });
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
};
/** A picture as base64 (4 bytes for 3) and the JSON around it. */
const IMAGE_BODY_LIMIT = Math.ceil((CONTENT_IMAGE_MAX_MB * 1024 * 1024 * 4) / 3) + 64 * 1024;

const WRITE = `One transaction with its audit entry; once committed, every instance's storefront drops what showed it
(catalogue and site caches, the page cache, the sitemap). Pictures are addresses of files already in the shop's
media storage (/media/…), checked. A slug (or route) another record uses → 409 naming it; HTML bodies are stored
sanitised as the storefront renders them (no script, style, frame or event handler). Managers and admins.`;

/**
 * /api/admin/{categories,brands,stores,banners,landing,pages,help-articles} (decision 062): the
 * back-office's catalogue structure and content, one shape for each kind.
 */
export const adminContentRoutes: FastifyPluginAsyncZod<{
  staffContent: AdminContentService;
}> = async (app, { staffContent }) => {
  const tags = ["admin"];
  const preHandler = requireRole("manager");
  for (const kind of CONTENT_KINDS) {
    const { one, many } = CONTENT_LABELS[kind];
    app.get(
      `/admin/${kind}`,
      {
        preHandler,
        schema: {
          tags,
          summary: `${many}: every record, published or not`,
          response: { 200: contentList(kind), ...errors },
        },
      },
      (req) => staffContent.list(staffOf(req), kind),
    );
    app.post(
      `/admin/${kind}`,
      {
        preHandler,
        schema: {
          tags,
          summary: `Create a ${one}`,
          description: WRITE,
          body: CONTENT_BODIES[kind],
          response: { 201: CONTENT_RECORDS[kind], ...errors },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await staffContent.create(staffOf(req), kind, req.body)),
    );
    app.put(
      `/admin/${kind}/:id`,
      {
        preHandler,
        schema: {
          tags,
          summary: `Change a ${one} (the whole record; unpublish with active or status false)`,
          description: WRITE,
          params: idParam,
          body: CONTENT_BODIES[kind],
          response: { 200: CONTENT_RECORDS[kind], ...errors },
        },
      },
      (req) => staffContent.update(staffOf(req), kind, req.params.id, req.body),
    );
    if (!DELETABLE.includes(kind)) continue;
    app.delete(
      `/admin/${kind}/:id`,
      {
        preHandler,
        schema: {
          tags,
          summary: `Delete a ${one}`,
          description:
            kind === "banners"
              ? "The slide leaves its slider at once. Audited."
              : `Refused (409, naming them) while products${kind === "categories" ? " or subcategories" : ""} use it. Audited.`,
          params: idParam,
          response: { 200: z.object({ status: z.literal(true) }), ...errors },
        },
      },
      async (req) => {
        await staffContent.remove(staffOf(req), kind, req.params.id);
        return { status: true as const };
      },
    );
  }
  const vendor = requireRole("vendor");
  app.get(
    "/admin/stores/mine",
    {
      preHandler: vendor,
      schema: {
        tags,
        summary: "The stores the signed-in vendor owns",
        response: { 200: ownStores, ...errors },
      },
    },
    (req) => staffContent.myStores(staffOf(req)),
  );
  app.put(
    "/admin/stores/:id/description",
    {
      preHandler: vendor,
      schema: {
        tags,
        summary: "Change a store's description: its vendor, or a manager or admin",
        description:
          "Another vendor's store → 404. Audited; every instance's storefront follows at once.",
        params: idParam,
        body: storeDescriptionBody,
        response: { 200: ownStore, ...errors },
      },
    },
    (req) => staffContent.describeStore(staffOf(req), req.params.id, req.body),
  );
  app.post(
    "/admin/banners/order",
    {
      preHandler,
      schema: {
        tags,
        summary: "Put one slider's slides in a new order (every slide of it, once)",
        body: bannerOrderBody,
        response: { 200: contentList("banners"), ...errors },
      },
    },
    (req) => staffContent.orderBanners(staffOf(req), req.body),
  );
  app.post(
    "/admin/content-images",
    {
      preHandler,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Store a picture for a category, brand, store, banner slide or freebie campaign; its address comes back",
        description: `A JPG, PNG, GIF, WebP or AVIF picture (checked by its bytes) as a base64 data: URL, at most
${CONTENT_IMAGE_MAX_MB} MB (413 above). Kept as WebP (slides 1920 px a side, the rest 800); put the answered url in the
record's picture field (img, image, logo or banner; a freebie campaign's image).`,
        body: contentImageBody,
        response: { 200: contentImageResult, ...errors },
      },
    },
    (req) => {
      const data = req.body.image.slice(req.body.image.indexOf(",") + 1);
      return staffContent.uploadImage(staffOf(req), req.body.kind, Buffer.from(data, "base64"));
    },
  );
};
