import {
  addBody,
  addResult,
  type CartService,
  cart,
  containsQuery,
  containsResult,
  setQtyBody,
  shippingBody,
  shippingChoice,
  walletToggleBody,
} from "@maidan/contracts/cart";
import { errorBody } from "@maidan/contracts/errors";
import { couponBody } from "@maidan/contracts/vouchers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ownerOf } from "../auth/auth.plugin.ts";

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };
const variantParam = z.object({ variantId: z.string().max(100) });

const ADD_DESCRIPTION = `Quantity semantics: \`qty\` is a DELTA added to the quantity already in the cart
(the original mobile client sends +1/-1 and -100000 to remove). A result of 0 or less removes the line.
\`qty\` must be a non-zero whole number between -100000 and 100000 (else 400). An increase beyond the
variant's stock answers 409 with how many are left ("Only 3 left in stock"); decreases always succeed.
To set an exact quantity use PUT /api/cart/items/{variantId}; to remove, DELETE the same path.
Prices are never taken from the request: they are read from the catalogue on every call.`;

/** /api/cart (spec §7 Cart): the cart, its lines and its shipping choice. */
export const cartRoutes: FastifyPluginAsyncZod<{ carts: CartService }> = async (app, { carts }) => {
  const tags = ["cart"];

  app.get(
    "/cart",
    {
      schema: {
        tags,
        summary: "The cart with every amount computed by the server",
        response: { 200: cart },
      },
    },
    (req) => carts.get(ownerOf(req)),
  );

  app.post(
    "/cart/v2/add",
    {
      schema: {
        tags,
        summary: "Change a line's quantity by a delta; returns items and cart",
        description: ADD_DESCRIPTION,
        body: addBody,
        response: { 200: addResult, ...errors },
      },
    },
    async (req) => {
      const c = await carts.add(ownerOf(req), req.body);
      return { items: c.items, cart: c };
    },
  );

  app.put(
    "/cart/items/:variantId",
    {
      schema: {
        tags,
        summary: "Set a line's quantity exactly (1 to stock; 409 above stock)",
        params: variantParam,
        body: setQtyBody,
        response: { 200: cart, ...errors },
      },
    },
    (req) => carts.setQty(ownerOf(req), req.params.variantId, req.body),
  );

  app.delete(
    "/cart/items/:variantId",
    {
      schema: {
        tags,
        summary: "Remove a line (removing an absent line is not an error)",
        params: variantParam,
        response: { 200: cart, ...errors },
      },
    },
    (req) => carts.remove(ownerOf(req), req.params.variantId),
  );

  app.get(
    "/cart/contains",
    {
      schema: {
        tags,
        summary: "Whether a product (or one of its variants) is in the cart, and how many",
        querystring: containsQuery,
        response: { 200: containsResult, ...errors },
      },
    },
    (req) => carts.contains(ownerOf(req), req.query),
  );

  app.get(
    "/cart/shippings",
    {
      schema: {
        tags,
        summary: "Shipping methods that can deliver this cart to a city, with what each costs",
        querystring: z.object({ city: z.string().trim().min(1).max(60).optional() }),
        response: { 200: z.array(shippingChoice), ...errors },
      },
    },
    (req) => carts.shippingOptions(ownerOf(req), req.query.city ?? null),
  );

  app.put(
    "/cart/shipping",
    {
      schema: {
        tags,
        summary: "Choose the delivery city and shipping method (re-checked at order time)",
        body: shippingBody,
        response: { 200: cart, ...errors },
      },
    },
    (req) => carts.setShipping(ownerOf(req), req.body),
  );

  app.put(
    "/cart/wallet",
    {
      schema: {
        tags,
        summary:
          "Use wallet balance at checkout (checkoutWallet): signed-in shoppers; the spend happens with POST /api/orders useWallet",
        body: walletToggleBody,
        response: { 200: cart, ...errors },
      },
    },
    (req) => carts.setUseWallet(ownerOf(req), req.body),
  );

  app.post(
    "/cart/coupon",
    {
      schema: {
        tags,
        summary: "Apply a voucher code (signed-in shoppers); the discount is priced by the server",
        description:
          '4xx messages: unknown code (404), expired or not yet active, below the minimum cart value ("Add Rs. X more to use this voucher"), used up or already used by you (409). Redeemed only when the order is placed.',
        body: couponBody,
        response: { 200: cart, 401: errorBody, ...errors },
      },
    },
    (req) => carts.applyCoupon(ownerOf(req), req.body),
  );

  app.delete(
    "/cart/coupon",
    {
      schema: {
        tags,
        summary: "Take the voucher off the cart",
        response: { 200: cart, ...errors },
      },
    },
    (req) => carts.removeCoupon(ownerOf(req)),
  );
};
