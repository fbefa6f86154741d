import { errorBody } from "@maidan/contracts/errors";
import {
  type WishlistService,
  wishlist,
  wishlistItem,
  wishlistName,
  wishlistProduct,
  wishlistToggle,
} from "@maidan/contracts/wishlists";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser, unauthorizedBody, userIdOf } from "../auth/auth.plugin.ts";

const listParam = z.object({ id: z.string().max(100) });
const itemParams = z.object({ id: z.string().max(100), itemId: z.string().max(100) });
const errors = { 400: errorBody, 401: unauthorizedBody, 404: errorBody };
const done = z.object({ status: z.boolean() });

/** /api/wishlists: the signed-in shopper's lists (spec §7 `GET wishlists/my`) and the hearts. */
export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlists: WishlistService }> = async (
  app,
  { wishlists },
) => {
  app.addHook("preHandler", requireUser);
  const tags = ["wishlists"];

  app.get(
    "/wishlists/my",
    {
      schema: {
        tags,
        summary: "My wishlists, the default first, each with its items (current price and stock)",
        response: { 200: z.array(wishlist), ...errors },
      },
    },
    (req) => wishlists.mine(userIdOf(req)),
  );
  app.post(
    "/wishlists",
    {
      schema: {
        tags,
        summary: "Make a named list",
        body: wishlistName,
        response: { 200: wishlist, ...errors },
      },
    },
    (req) => wishlists.create(userIdOf(req), req.body),
  );
  app.patch(
    "/wishlists/:id",
    {
      schema: {
        tags,
        summary: "Rename a list",
        params: listParam,
        body: wishlistName,
        response: { 200: wishlist, ...errors },
      },
    },
    (req) => wishlists.rename(userIdOf(req), req.params.id, req.body),
  );
  app.delete(
    "/wishlists/:id",
    {
      schema: {
        tags,
        summary: "Delete a named list with its items (the default list stays)",
        params: listParam,
        response: { 200: done, ...errors },
      },
    },
    async (req) => {
      await wishlists.remove(userIdOf(req), req.params.id);
      return { status: true };
    },
  );
  app.post(
    "/wishlists/:id/items",
    {
      schema: {
        tags,
        summary: "Save a product (and variant) in a list",
        params: listParam,
        body: wishlistProduct,
        response: { 200: wishlistItem, ...errors },
      },
    },
    (req) => wishlists.addItem(userIdOf(req), req.params.id, req.body),
  );
  app.delete(
    "/wishlists/:id/items/:itemId",
    {
      schema: {
        tags,
        summary: "Remove an item from a list",
        params: itemParams,
        response: { 200: done, ...errors },
      },
    },
    async (req) => {
      await wishlists.removeItem(userIdOf(req), req.params.id, req.params.itemId);
      return { status: true };
    },
  );
  app.post(
    "/wishlists/toggle",
    {
      schema: {
        tags,
        summary: "The heart: the product leaves the default list if there, else joins it",
        body: wishlistProduct,
        response: { 200: wishlistToggle, ...errors },
      },
    },
    (req) => wishlists.toggle(userIdOf(req), req.body),
  );
  app.post(
    "/wishlists/save",
    {
      schema: {
        tags,
        summary:
          "Save a product in the default list (never removes; after signing in from a heart)",
        body: wishlistProduct,
        response: { 200: wishlistToggle, ...errors },
      },
    },
    (req) => wishlists.save(userIdOf(req), req.body),
  );
};
