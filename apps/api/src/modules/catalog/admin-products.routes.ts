import multipart from "@fastify/multipart";
import {
  adminProduct,
  adminProductList,
  adminProductsQuery,
  imageAltBody,
  imageOrderBody,
  lowStockList,
  lowStockQuery,
  PRODUCT_IMAGE_MAX_MB,
  productInput,
  productMessages,
  productOptions,
  productPickList,
  productPicksQuery,
  removeProductResult,
  stockAdjustBody,
  stockAdjustResult,
  stockHistory,
} from "@maidan/contracts/admin-products";
import { AppError, errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "../../lib/errors.ts";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";
import type { AdminProductsImpl } from "./admin-products.service.ts";

const idParam = z.object({ id: z.string().max(100) });
const imageParam = z.object({ id: z.string().max(100), imageId: z.string().max(100) });
const variantParam = z.object({ variantId: z.string().max(100) });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const MAX_BYTES = PRODUCT_IMAGE_MAX_MB * 1024 * 1024;

const SAVE = `A product with its variants (size, colour, SKU, price and sale price in whole rupees; a new variant's
first stock figure). Vendors: their own stores' products only, and never published by them (403: a manager or admin
publishes). A slug or SKU another product has → 409 naming it; a bad field → 400 naming it; nothing is written then.
Audited; the storefront's caches, page cache and sitemap drop it on every instance.`;

/** /api/admin/products and /api/admin/stock (decision 060): vendors and up, scoped by store. */
export const adminProductsRoutes: FastifyPluginAsyncZod<{ products: AdminProductsImpl }> = async (
  app,
  { products },
) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });
  const tags = ["admin"];
  const staff = { preHandler: requireRole("vendor") };

  app.get(
    "/admin/products",
    {
      ...staff,
      schema: {
        tags,
        summary: "Products by status, searched by name, slug or SKU, newest change first, paged",
        querystring: adminProductsQuery,
        response: { 200: adminProductList, ...errors },
      },
    },
    (req) => products.list(staffOf(req), req.query),
  );
  app.get(
    "/admin/product-picks",
    {
      preHandler: requireRole("manager"),
      schema: {
        tags,
        summary: "Products with their variants to choose in a voucher or promotion form",
        description:
          "Managers and admins (vendors 403): up to 20 products of every store whose name, address or SKU matches `q`, or those named by `ids` (product or variant ids, comma-separated), by name.",
        querystring: productPicksQuery,
        response: { 200: productPickList, ...errors },
      },
    },
    (req) => products.picks(staffOf(req), req.query),
  );
  app.get(
    "/admin/products/options",
    {
      ...staff,
      schema: {
        tags,
        summary: "The editor's lists: categories, brands and the caller's stores",
        response: { 200: productOptions, ...errors },
      },
    },
    (req) => products.options(staffOf(req)),
  );
  app.post(
    "/admin/products",
    {
      ...staff,
      schema: {
        tags,
        summary: "Create a product",
        description: SAVE,
        body: productInput,
        response: { 201: adminProduct, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await products.create(staffOf(req), req.body)),
  );
  app.get(
    "/admin/products/:id",
    {
      ...staff,
      schema: {
        tags,
        summary: "One product with its variants, stock and images",
        params: idParam,
        response: { 200: adminProduct, ...errors },
      },
    },
    (req) => products.get(staffOf(req), req.params.id),
  );
  app.put(
    "/admin/products/:id",
    {
      ...staff,
      schema: {
        tags,
        summary: "Change a product (variants left out are removed, or switched off if ordered)",
        description: SAVE,
        params: idParam,
        body: productInput,
        response: { 200: adminProduct, ...errors },
      },
    },
    (req) => products.update(staffOf(req), req.params.id, req.body),
  );
  app.delete(
    "/admin/products/:id",
    {
      ...staff,
      schema: {
        tags,
        summary: "Delete a product; one that orders name is archived instead",
        params: idParam,
        response: { 200: removeProductResult, ...errors },
      },
    },
    (req) => products.remove(staffOf(req), req.params.id),
  );
  app.post(
    "/admin/products/:id/images",
    {
      ...staff,
      schema: {
        tags,
        summary: "Upload an image (multipart: `alt` and `file`), added last",
        description: `JPG, PNG, GIF, WebP or AVIF, checked by its bytes, at most ${PRODUCT_IMAGE_MAX_MB} MB (413 above);
alt text required. Stored as WebP through the media storage; /img serves the shop's widths and formats.`,
        consumes: ["multipart/form-data"],
        params: idParam,
        response: { 200: adminProduct, ...errors, 413: errorBody },
      },
    },
    async (req) => {
      const who = staffOf(req);
      // Unknown or someone else's product: 404 before any upload is read.
      await products.get(who, req.params.id);
      if (!req.isMultipart()) throw badRequest("file: Send the image as multipart/form-data");
      let alt: unknown;
      let bytes: Buffer | null = null;
      for await (const part of req.parts()) {
        if (part.type === "file") {
          bytes = await part.toBuffer().catch((e: { code?: string }) => {
            if (e.code === "FST_REQ_FILE_TOO_LARGE")
              throw new AppError("PHOTO_TOO_LARGE", productMessages.imageTooLarge);
            throw e;
          });
        } else if (part.fieldname === "alt") alt = part.value;
      }
      if (!bytes) throw badRequest("file: Choose an image to upload");
      return products.addImage(who, req.params.id, { bytes, alt });
    },
  );
  app.put(
    "/admin/products/:id/images/order",
    {
      ...staff,
      schema: {
        tags,
        summary: "Put the product's images in this order (the first is the main one)",
        params: idParam,
        body: imageOrderBody,
        response: { 200: adminProduct, ...errors },
      },
    },
    (req) => products.orderImages(staffOf(req), req.params.id, req.body),
  );
  app.put(
    "/admin/products/:id/images/:imageId",
    {
      ...staff,
      schema: {
        tags,
        summary: "Change an image's alt text",
        params: imageParam,
        body: imageAltBody,
        response: { 200: adminProduct, ...errors },
      },
    },
    (req) => products.setImageAlt(staffOf(req), req.params.id, req.params.imageId, req.body),
  );
  app.delete(
    "/admin/products/:id/images/:imageId",
    {
      ...staff,
      schema: {
        tags,
        summary: "Remove an image (and its uploaded file)",
        params: imageParam,
        response: { 200: adminProduct, ...errors },
      },
    },
    (req) => products.removeImage(staffOf(req), req.params.id, req.params.imageId),
  );
  app.get(
    "/admin/stock/low",
    {
      ...staff,
      schema: {
        tags,
        summary:
          "Variants of products on sale or in draft at or below a stock figure, fewest first",
        querystring: lowStockQuery,
        response: { 200: lowStockList, ...errors },
      },
    },
    (req) => products.lowStock(staffOf(req), req.query),
  );
  app.post(
    "/admin/stock/:variantId/adjust",
    {
      ...staff,
      schema: {
        tags,
        summary: "Adjust a variant's stock: received (adds), damaged (takes), counted (sets)",
        description:
          "Under the product's lock, like a checkout, so both count; a figure below zero → 409, nothing written. Audited.",
        params: variantParam,
        body: stockAdjustBody,
        response: { 200: stockAdjustResult, ...errors },
      },
    },
    (req) => products.adjustStock(staffOf(req), req.params.variantId, req.body),
  );
  app.get(
    "/admin/stock/:variantId/history",
    {
      ...staff,
      schema: {
        tags,
        summary: "A variant's stock adjustments, newest first",
        params: variantParam,
        response: { 200: stockHistory, ...errors },
      },
    },
    (req) => products.stockHistory(staffOf(req), req.params.variantId),
  );
};
