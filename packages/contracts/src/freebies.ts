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
  /** The variants a claim may pick: the named one, else the product's active ones. */
  options: z.array(
    z.object({
      _id: z.string(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      inStock: z.boolean(),
    }),
  ),
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
  /** Their live claim of this campaign (one per shopper), null when they have none. */
  claim: z.object({ _id: z.string(), state: z.string() }).nullable(),
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

/** POST /api/freebies/{id}/claim: the offered product and the variant picked of it. */
export const freebieClaimBody = z.object({
  productId: z.string().regex(UUID, "must be a product id"),
  variantId: z.string().regex(UUID, "must be a variant id"),
});
export type FreebieClaimBody = z.infer<typeof freebieClaimBody>;

export const freebieClaimParams = z.object({
  id: z.string().regex(UUID, "must be a claim id"),
});

/**
 * Where a claim stands: claimed (its unit held for the next order that meets the terms), in an
 * order (`order`), shipped or delivered with it, or cancelled.
 */
export const CLAIM_STATES = ["claimed", "ordered", "shipped", "delivered", "cancelled"] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

export const freebieClaim = z.object({
  _id: z.string(),
  state: z.enum(CLAIM_STATES),
  freebie: z.object({
    _id: z.string(),
    slug: z.string(),
    title: z.string(),
    minOrderValue: z.number().int(),
    firstOrderOnly: z.boolean(),
  }),
  product: z.object({
    _id: z.string(),
    slug: z.string(),
    name: z.string(),
    img: z.string().nullable(),
    variantId: z.string(),
    size: z.string().nullable(),
    color: z.string().nullable(),
  }),
  /** The order it joined (its number and status), null while it waits or once cancelled. */
  order: z.object({ _id: z.string(), orderNo: z.string(), status: z.string() }).nullable(),
  cancelReason: z.string().nullable(),
  /** The shopper may still give it back (nothing has left the warehouse). */
  cancellable: z.boolean(),
  createdAt: z.string(),
});
export type FreebieClaim = z.infer<typeof freebieClaim>;
export const freebieClaimList = z.object({ claims: z.array(freebieClaim) });
export type FreebieClaimList = z.infer<typeof freebieClaimList>;

/** GET /api/admin/freebie-claims: the newest claims with their shoppers. */
export const adminFreebieClaimList = z.object({
  claims: z.array(
    freebieClaim.extend({
      shopper: z.object({ _id: z.string(), name: z.string(), phone: z.string().nullable() }),
    }),
  ),
});
export type AdminFreebieClaimList = z.infer<typeof adminFreebieClaimList>;

/** The shopper's claims (the checkout workflow: a claim takes a unit of stock). */
export type FreebieClaimService = {
  /** Claims a live campaign's product for a shopper who meets its terms. */
  claim(userId: string, idOrSlug: string, body: unknown): Promise<FreebieClaim>;
  mine(userId: string): Promise<FreebieClaimList>;
  /** One of the shopper's claims; NOT_FOUND for anyone else's. */
  one(userId: string, claimId: string): Promise<FreebieClaim>;
  /** Gives the claim back before it ships: its unit returns to stock. */
  cancel(userId: string, claimId: string): Promise<FreebieClaim>;
};
export type AdminFreebieClaimService = {
  list(opts: { state?: ClaimState; limit?: number }): Promise<AdminFreebieClaimList>;
};
