import {
  brand,
  type CatalogService,
  categoryTree,
  productCard,
  productDetail,
  productList,
  productListQuery,
  relatedQuery,
  searchResult,
  searchText,
  suggestions,
  vendor,
} from "@maidan/contracts/catalog";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";
import { sendSharedJson } from "../../lib/shared-json.ts";

const slugParam = z.object({ slug: z.string().min(1).max(200) });
const listResponses = { 200: productList, 400: errorBody, 404: errorBody };
const tags = ["catalog"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Categories, brands, vendors, product listings, product detail and search. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (
  app,
  { catalog },
) => {
  // Answers are the service's cached, contract-typed values (checked by the compiler), sent by
  // sendSharedJson: serialised and compressed once per cached value, never re-validated by zod
  // (on a 24-card listing that cost more than the cached read itself). The response schemas
  // still describe every route in OpenAPI; this serializer only writes the error bodies.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.get(
    "/categories",
    {
      schema: {
        tags,
        summary: "The category tree with product counts",
        response: { 200: categoryTree },
      },
    },
    async (req, reply) => sendSharedJson(req, reply, await catalog.categoryTree()),
  );

  app.get(
    "/brands",
    { schema: { tags, summary: "All brands", response: { 200: z.array(brand) } } },
    async (req, reply) => sendSharedJson(req, reply, await catalog.brands()),
  );
  app.get(
    "/brands/:slug",
    {
      schema: {
        tags,
        summary: "A brand",
        params: slugParam,
        response: { 200: brand, 404: errorBody },
      },
    },
    async (req, reply) => {
      const found = await catalog.brand(req.params.slug);
      if (!found) throw notFound("Brand not found");
      return sendSharedJson(req, reply, found);
    },
  );

  for (const base of ["/vendors", "/stores"]) {
    app.get(
      base,
      { schema: { tags, summary: "All vendors (stores)", response: { 200: z.array(vendor) } } },
      async (req, reply) => sendSharedJson(req, reply, await catalog.vendors()),
    );
    app.get(
      `${base}/:slug`,
      {
        schema: {
          tags,
          summary: "A vendor (store) by slug or id",
          params: slugParam,
          response: { 200: vendor, 404: errorBody },
        },
      },
      async (req, reply) => {
        const found = await catalog.vendor(req.params.slug);
        if (!found) throw notFound("Store not found");
        return sendSharedJson(req, reply, found);
      },
    );
  }

  app.get(
    "/products",
    {
      schema: {
        tags,
        summary: "Products with filters, sort, paging and facet counts",
        querystring: productListQuery,
        response: listResponses,
      },
    },
    async (req, reply) => sendSharedJson(req, reply, await catalog.list(req.query)),
  );
  app.get(
    "/products/best-sellers",
    {
      schema: {
        tags,
        summary: "Best sellers (units sold), with the listing filters",
        querystring: productListQuery,
        response: listResponses,
      },
    },
    async (req, reply) => sendSharedJson(req, reply, await catalog.bestSellers(req.query)),
  );
  app.get(
    "/products/new-arrivals",
    {
      schema: {
        tags,
        summary: "Newest products, with the listing filters",
        querystring: productListQuery,
        response: listResponses,
      },
    },
    async (req, reply) => sendSharedJson(req, reply, await catalog.newArrivals(req.query)),
  );
  app.get(
    "/products/:slug",
    {
      schema: {
        tags,
        summary: "A product with its variants and per-variant stock",
        params: slugParam,
        response: { 200: productDetail, 404: errorBody },
      },
    },
    async (req, reply) => {
      const found = await catalog.detail(req.params.slug);
      if (!found) throw notFound("This page could not be found");
      return sendSharedJson(req, reply, found);
    },
  );
  app.get(
    "/products/:slug/related",
    {
      schema: {
        tags,
        summary: "Products related to a product (by id or slug)",
        params: slugParam,
        querystring: relatedQuery,
        response: { 200: z.array(productCard), 404: errorBody },
      },
    },
    async (req, reply) => {
      const key = req.params.slug;
      const id = UUID.test(key) ? key : (await catalog.detail(key))?._id;
      if (!id) throw notFound("This page could not be found");
      return sendSharedJson(req, reply, await catalog.related(id, req.query.limit));
    },
  );

  app.get(
    "/search",
    {
      schema: {
        tags,
        summary: "Full-text search with typo tolerance and synonyms, plus the listing filters",
        querystring: productListQuery,
        response: { 200: searchResult, 400: errorBody, 404: errorBody },
      },
    },
    async (req, reply) =>
      sendSharedJson(req, reply, await catalog.search(req.query.q ?? "", req.query)),
  );
  app.get(
    "/search/suggest",
    {
      schema: {
        tags,
        summary: "Suggestions while typing",
        querystring: z.object({ q: searchText.default("") }),
        response: { 200: suggestions },
      },
    },
    async (req, reply) => sendSharedJson(req, reply, await catalog.suggest(req.query.q)),
  );
};
