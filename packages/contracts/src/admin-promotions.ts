/** Automatic promotions in the back-office (/admin/promotions, decisions 014 and 061). */
import { z } from "zod";
import { staffDate } from "./admin-dates.ts";
import type { Staff } from "./admin-orders.ts";

const KINDS = ["percentage", "fixed", "buy_x_get_y", "free_gift"] as const;
export const SCOPES = ["all", "category", "product"] as const;
const when = staffDate;
const whole = (what: string, min: number, max = 10_000_000) =>
  z.coerce
    .number({ error: `The ${what} must be a whole number` })
    .int(`The ${what} must be a whole number`)
    .min(min, `The ${what} cannot be below ${min}`)
    .max(max, `The ${what} can be at most ${max.toLocaleString("en-US")}`);

/** Which lines a promotion or a voucher (decision 064) covers: every line, categories or products. */
export const scopeField = z.enum(SCOPES, { error: "The scope must be all, category or product" });
export const scopeIdsField = z
  .array(z.uuid({ message: "must be an id" }))
  .max(200, "At most 200 categories or products");

/**
 * A promotion's terms, by kind (the rules `promotion-rules.ts` prices): percentage and fixed take
 * `value`; buy X get Y takes `buyQty` and `getQty`; a free gift takes `giftVariantId`, given once
 * the in-scope lines reach `minCartValue`. Scope: every line, or those of some categories (with
 * their subcategories) or products.
 */
export const promotionBody = z
  .object({
    name: z
      .string({ error: "The name field is required" })
      .trim()
      .min(3, "The name takes at least 3 characters")
      .max(120, "The name can be at most 120 characters"),
    kind: z.enum(KINDS, { error: "The kind must be percentage, fixed, buy_x_get_y or free_gift" }),
    value: whole("value", 1).nullable().default(null),
    maxDiscount: whole("maximum discount", 1).nullable().default(null),
    minCartValue: whole("minimum order", 0).default(0),
    scope: scopeField.default("all"),
    scopeIds: scopeIdsField.default([]),
    buyQty: whole("buy quantity", 1, 100).nullable().default(null),
    getQty: whole("free quantity", 1, 100).nullable().default(null),
    giftVariantId: z.uuid({ message: "The gift must be a variant's id" }).nullable().default(null),
    startsAt: when.nullable().default(null),
    endsAt: when.nullable().default(null),
    active: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    const need = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (b.kind === "percentage" && (b.value === null || b.value > 100))
      need("value", "A percentage promotion takes 1 to 100 percent");
    if (b.kind === "fixed" && b.value === null)
      need("value", "A fixed promotion takes its rupees off");
    if (b.kind === "buy_x_get_y" && (b.buyQty === null || b.getQty === null))
      need("buyQty", "Buy X get Y takes how many to buy and how many are free");
    if (b.kind === "free_gift" && b.giftVariantId === null)
      need("giftVariantId", "A free gift takes the variant given");
    if (b.scope !== "all" && b.scopeIds.length === 0)
      need("scopeIds", `Choose at least one ${b.scope}`);
    if (b.startsAt && b.endsAt && new Date(b.endsAt) <= new Date(b.startsAt))
      need("endsAt", "The end must be after the start");
  });
export type PromotionBody = z.input<typeof promotionBody>;

export const adminPromotionParams = z.object({
  id: z.uuid({ message: "This promotion could not be found" }),
});

export const adminPromotion = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(KINDS),
  value: z.number().int().nullable(),
  maxDiscount: z.number().int().nullable(),
  minCartValue: z.number().int(),
  scope: z.enum(SCOPES),
  scopeIds: z.array(z.string()),
  buyQty: z.number().int().nullable(),
  getQty: z.number().int().nullable(),
  giftVariantId: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  /** live, scheduled (starts later) or off (switched off or past its end). */
  status: z.enum(["live", "scheduled", "off"]),
});
export type AdminPromotion = z.infer<typeof adminPromotion>;
export const adminPromotionList = z.object({ promotions: z.array(adminPromotion) });
export type AdminPromotionList = z.infer<typeof adminPromotionList>;

/** What /admin/promotions calls (managers and admins); the API routes call the same. */
export type AdminPromotionsService = {
  list(staff: Staff): Promise<AdminPromotionList>;
  get(staff: Staff, id: string): Promise<AdminPromotion>;
  create(staff: Staff, body: unknown): Promise<AdminPromotion>;
  /** Replaces the terms (the whole body, as for a new one). */
  update(staff: Staff, id: string, body: unknown): Promise<AdminPromotion>;
  /** Switches it off: the cart's next pricing no longer applies it. */
  switchOff(staff: Staff, id: string): Promise<AdminPromotion>;
};
