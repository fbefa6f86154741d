/** Freebie campaigns in the back-office (/admin/freebies, decisions 057 and 061). */
import { z } from "zod";
import { optionalImage } from "./admin-content.ts";
import { staffDate } from "./admin-dates.ts";
import type { Staff } from "./admin-orders.ts";
import { freebieSummary } from "./freebies.ts";

const when = staffDate;

/**
 * POST /api/admin/freebies and PUT …/{id}: a campaign's whole terms. `products` are the offered
 * products by slug or id (any in-stock variant of each); a slug taken by another campaign is 409.
 * A new picture must be in the media storage (400).
 */
export const freebieCampaignBody = z
  .object({
    slug: z
      .string({ error: "The address field is required" })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "The address takes lower-case letters, digits and dashes")
      .max(80, "The address can be at most 80 characters"),
    title: z
      .string({ error: "The title field is required" })
      .trim()
      .min(3, "The title takes at least 3 characters")
      .max(120, "The title can be at most 120 characters"),
    description: z
      .string()
      .trim()
      .max(500, "The description can be at most 500 characters")
      .default(""),
    terms: z.string().trim().max(2000, "The terms can be at most 2000 characters").default(""),
    /**
     * The campaign's picture: the address of a file in the shop's media (/media/…), an upload's
     * from POST /api/admin/content-images (kind `freebies`); empty or null: none.
     */
    image: optionalImage,
    minOrderValue: z.coerce
      .number({ error: "The minimum order must be whole rupees" })
      .int("The minimum order must be whole rupees")
      .min(0, "The minimum order cannot be below Rs. 0")
      .max(10_000_000, "The minimum order can be at most Rs. 10,000,000")
      .default(0),
    firstOrderOnly: z.boolean().default(false),
    pickCount: z.coerce
      .number({ error: "The pick count must be a whole number" })
      .int("The pick count must be a whole number")
      .min(1, "The pick count must be at least 1")
      .max(10, "The pick count can be at most 10")
      .default(1),
    products: z
      .array(z.string().trim().min(1).max(200))
      .min(1, "Offer at least one product")
      .max(50, "At most 50 products"),
    startsAt: when.nullable().default(null),
    endsAt: when.nullable().default(null),
    active: z.boolean().default(true),
    sort: z.coerce.number().int().min(0).max(1000).default(0),
  })
  .refine((b) => !b.startsAt || !b.endsAt || new Date(b.endsAt) > new Date(b.startsAt), {
    message: "The end must be after the start",
    path: ["endsAt"],
  });
export type FreebieCampaignBody = z.input<typeof freebieCampaignBody>;

export const adminFreebieParams = z.object({
  id: z.uuid({ message: "This campaign could not be found" }),
});

export const adminFreebieCampaign = freebieSummary.extend({
  terms: z.string(),
  active: z.boolean(),
  sort: z.number().int(),
  /** The offered products' slugs, in order. */
  products: z.array(z.string()),
  /** live, scheduled (starts later) or off (switched off or past its end). */
  status: z.enum(["live", "scheduled", "off"]),
});
export type AdminFreebieCampaign = z.infer<typeof adminFreebieCampaign>;
export const adminFreebieList = z.object({ campaigns: z.array(adminFreebieCampaign) });
export type AdminFreebieList = z.infer<typeof adminFreebieList>;

/** What /admin/freebies calls (managers and admins); the API routes call the same. */
export type AdminFreebieCampaignsService = {
  list(staff: Staff): Promise<AdminFreebieList>;
  get(staff: Staff, id: string): Promise<AdminFreebieCampaign>;
  create(staff: Staff, body: unknown): Promise<AdminFreebieCampaign>;
  update(staff: Staff, id: string, body: unknown): Promise<AdminFreebieCampaign>;
  switchOff(staff: Staff, id: string): Promise<AdminFreebieCampaign>;
};
