/**
 * Freebies (spec §2 /freebies, /freebies/{id}; §7 GET /freebies/{id}, with bearer authorization
 * when a cookie token exists): campaigns that give products away with a qualifying order.
 * Money is whole rupees.
 */
import { z } from "zod";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** `/freebies/{id}`: the campaign's slug or its uuid; anything else is a 400. */
export const freebieParams = z.object({
  id: z
    .string()
    .max(120)
    .refine((s) => UUID.test(s) || SLUG.test(s), "must be a freebie slug or id"),
});

export const freebieSummary = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** Cart subtotal (rupees) an order needs to qualify; 0: any order. */
  minOrderValue: z.number().int(),
  /** Only for a shopper's first order. */
  firstOrderOnly: z.boolean(),
  /** How many of the offered products one order may take. */
  pickCount: z.number().int(),
  /** ISO times; null: open-ended. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  productCount: z.number().int(),
});
export type FreebieSummary = z.infer<typeof freebieSummary>;

/** An offered product; `variant` is set when the offer is one size/colour of it. */
export const freebieProduct = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  /** What it normally sells for: the variant's price, else the product's lowest. */
  price: z.number().int(),
  brand: z.string().nullable(),
  inStock: z.boolean(),
  variant: z
    .object({ _id: z.string(), size: z.string().nullable(), color: z.string().nullable() })
    .nullable(),
});
export type FreebieProduct = z.infer<typeof freebieProduct>;

/** Where the signed-in shopper stands against the terms; null for anonymous callers. */
export const freebieViewer = z.object({
  /** Their cart's subtotal now. */
  cartSubtotal: z.number().int(),
  /** Rupees still to add to the cart to reach the minimum (0 when reached). */
  remaining: z.number().int(),
  /** False when the campaign is for first orders and they have ordered before. */
  firstOrderMet: z.boolean(),
  qualifies: z.boolean(),
});
export type FreebieViewer = z.infer<typeof freebieViewer>;

/** GET /api/freebies/{id}. */
export const freebieDetail = freebieSummary.extend({
  terms: z.string(),
  products: z.array(freebieProduct),
  viewer: freebieViewer.nullable(),
});
export type FreebieDetail = z.infer<typeof freebieDetail>;

/** GET /api/freebies: the live campaigns, in the shop's order. */
export const freebieList = z.object({ freebies: z.array(freebieSummary) });
export type FreebieList = z.infer<typeof freebieList>;

export type FreebieService = {
  list(): Promise<FreebieList>;
  /** A live campaign by slug or id, with the viewer's standing when `userId` is given; else null. */
  detail(idOrSlug: string, userId: string | null): Promise<FreebieDetail | null>;
};
