import { Readable } from "node:stream";
import { errorBody } from "@maidan/contracts/errors";
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMPORT_MAX_MB,
  productImport,
  productImportList,
} from "@maidan/contracts/product-imports";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";
import type { ProductImportsImpl } from "./product-imports.service.ts";

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
};
const idParam = z.object({ id: z.string().max(100) });
export const PRODUCT_IMPORT_BODY_LIMIT = PRODUCT_IMPORT_MAX_MB * 1024 * 1024;

/** /api/admin/product-imports and /api/admin/products/export.csv (decision 063). */
export const productImportsRoutes: FastifyPluginAsyncZod<{ imports: ProductImportsImpl }> = async (
  app,
  { imports },
) => {
  const tags = ["admin"];
  // The file is the body, as CSV text (curl --data-binary @products.csv -H 'content-type: text/csv').
  app.addContentTypeParser(
    ["text/csv", "text/plain"],
    { parseAs: "string", bodyLimit: PRODUCT_IMPORT_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  app.post(
    "/admin/product-imports",
    {
      preHandler: requireRole("vendor"),
      bodyLimit: PRODUCT_IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: "Check a product CSV and keep it with its preview (nothing is imported yet)",
        description: `The body is the file (content-type text/csv, at most ${PRODUCT_IMPORT_MAX_MB} MB): a header naming
the columns ${PRODUCT_CSV_COLUMNS.join(", ")}, then one row per variant; rows sharing a slug are one product, a slug that
exists updates that product. The answer lists every error by line and column; an import without errors can be started.`,
        querystring: z.object({ fileName: z.string().max(200).optional() }),
        body: z.string("Upload a CSV file").min(1, "Upload a CSV file"),
        response: { 200: productImport, ...errors },
      },
    },
    (req) => imports.preview(staffOf(req), req.query.fileName ?? "products.csv", req.body),
  );
  app.post(
    "/admin/product-imports/:id/start",
    {
      preHandler: requireRole("vendor"),
      schema: {
        tags,
        summary: "Start a previewed import without errors: its products are written in batches",
        params: idParam,
        response: { 200: productImport, ...errors },
      },
    },
    (req) => imports.start(staffOf(req), req.params.id),
  );
  app.get(
    "/admin/product-imports/:id",
    {
      preHandler: requireRole("vendor"),
      schema: {
        tags,
        summary: "An import's preview and progress",
        params: idParam,
        response: { 200: productImport, ...errors },
      },
    },
    (req) => imports.get(staffOf(req), req.params.id),
  );
  app.get(
    "/admin/product-imports",
    {
      preHandler: requireRole("vendor"),
      schema: {
        tags,
        summary: "Recent imports (a vendor's own; managers and admins: everyone's)",
        response: { 200: productImportList, ...errors },
      },
    },
    (req) => imports.list(staffOf(req)),
  );
  app.get(
    "/admin/products/export.csv",
    {
      preHandler: requireRole("vendor"),
      schema: {
        tags,
        summary:
          "Products and variants as CSV, in the import's columns (a vendor: their own stores')",
        produces: ["text/csv"],
        response: { 200: z.unknown().describe("The CSV"), ...errors },
      },
    },
    (req, reply: FastifyReply) =>
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="products.csv"')
        .header("cache-control", "no-store")
        .send(Readable.from(imports.exportCsv(staffOf(req)))),
  );
};
