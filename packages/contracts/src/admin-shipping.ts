/** The shipping table by city, as admins edit it (/admin/settings, spec §3, decision 061). */
import { z } from "zod";
import type { Staff } from "./admin-orders.ts";
import { shippingMethod } from "./site.ts";

const rupees = (what: string) =>
  z.coerce
    .number({ error: `The ${what} must be whole rupees` })
    .int(`The ${what} must be whole rupees`)
    .min(0, `The ${what} cannot be below Rs. 0`)
    .max(1_000_000, `The ${what} can be at most Rs. 1,000,000`);
const label = (what: string) =>
  z
    .string({ error: `The ${what} field is required` })
    .trim()
    .min(2, `The ${what} takes at least 2 characters`)
    .max(60, `The ${what} can be at most 60 characters`);

/**
 * POST /api/admin/shipping-methods and PUT …/{id}: a method's whole row. `cities` null is every
 * city; `freeAbove` null is never free. One method is the default: marking one unmarks the rest.
 */
export const shippingMethodBody = z.object({
  name: label("name"),
  carrier: label("carrier"),
  charge: rupees("charge"),
  freeAbove: rupees("free-above amount").nullable().default(null),
  minOrderValue: rupees("minimum order").default(0),
  cities: z
    .array(z.string().trim().min(2, "A city takes at least 2 characters").max(60))
    .min(1, "List at least one city, or none for every city")
    .max(200, "At most 200 cities")
    .nullable()
    .default(null),
  etaDays: z
    .string()
    .trim()
    .regex(/^\d{1,2}(-\d{1,2})?$/, "The delivery time is days, like 3-5 or 2"),
  isDefault: z.boolean().default(false),
  active: z.boolean().default(true),
  sort: z.coerce.number().int().min(0).max(1000).default(0),
});
export type ShippingMethodBody = z.input<typeof shippingMethodBody>;

export const shippingMethodParams = z.object({
  id: z.uuid({ message: "This shipping method could not be found" }),
});

export const adminShippingMethod = shippingMethod.extend({
  cities: z.array(z.string()).nullable(),
  active: z.boolean(),
  sort: z.number().int(),
});
export type AdminShippingMethod = z.infer<typeof adminShippingMethod>;
export const adminShippingList = z.object({ methods: z.array(adminShippingMethod) });
export type AdminShippingList = z.infer<typeof adminShippingList>;

/** What /admin/settings calls for the shipping table (admins only). */
export type AdminShippingService = {
  list(staff: Staff): Promise<AdminShippingList>;
  create(staff: Staff, body: unknown): Promise<AdminShippingMethod>;
  update(staff: Staff, id: string, body: unknown): Promise<AdminShippingMethod>;
};
