/** The back-office's vouchers (/admin/vouchers, decision 061). Whole rupees. */
import { z } from "zod";
import { staffDate } from "./admin-dates.ts";
import type { Staff } from "./admin-orders.ts";
import { SCOPES, scopeField, scopeIdsField } from "./admin-promotions.ts";
import { voucherView } from "./vouchers.ts";

const when = staffDate;
const count = (what: string) =>
  z.coerce
    .number({ error: `The ${what} must be a whole number` })
    .int(`The ${what} must be a whole number`)
    .min(1, `The ${what} must be at least 1`)
    .max(1_000_000, `The ${what} can be at most 1,000,000`);
const amount = (what: string, min: number) =>
  z.coerce
    .number({ error: `The ${what} must be whole rupees` })
    .int(`The ${what} must be whole rupees`)
    .min(min, `The ${what} cannot be below Rs. ${min}`)
    .max(10_000_000, `The ${what} can be at most Rs. 10,000,000`);

/**
 * A voucher's terms, as staff set them. Its scope is a promotion's (decision 064): every line,
 * or those of some categories (with their subcategories) or products; the minimum order stays
 * on the whole cart. Null dates are open-ended, a null total limit is unlimited.
 */
const terms = z.object({
  description: z.string().trim().max(200, "The description can be at most 200 characters"),
  kind: z.enum(["percent", "fixed"], { error: "The kind must be percent or fixed" }),
  value: amount("value", 1),
  maxDiscount: amount("maximum discount", 1).nullable(),
  minCartValue: amount("minimum order", 0),
  startsAt: when.nullable(),
  endsAt: when.nullable(),
  perUserLimit: count("uses per shopper"),
  usageLimit: count("total uses").nullable(),
  scope: scopeField,
  scopeIds: scopeIdsField,
});

const checked = <T extends z.ZodType<Partial<z.infer<typeof terms>>>>(s: T) =>
  s
    .refine((b) => b.kind !== "percent" || (b.value ?? 0) <= 100, {
      message: "A percent voucher takes at most 100",
      path: ["value"],
    })
    .refine((b) => !b.startsAt || !b.endsAt || new Date(b.endsAt) > new Date(b.startsAt), {
      message: "The end must be after the start",
      path: ["endsAt"],
    })
    .refine((b) => !b.scope || b.scope === "all" || !b.scopeIds || b.scopeIds.length > 0, {
      message: "Choose at least one category or product",
      path: ["scopeIds"],
    });

/** POST /api/admin/vouchers. Codes are stored upper case; a taken code is 409. */
export const createVoucherBody = checked(
  terms
    .extend({
      code: z
        .string({ error: "The code field is required" })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9_-]{3,40}$/, "The code takes 3 to 40 letters, digits, - or _"),
    })
    .partial({
      description: true,
      maxDiscount: true,
      minCartValue: true,
      startsAt: true,
      endsAt: true,
      perUserLimit: true,
      usageLimit: true,
      scope: true,
      scopeIds: true,
    }),
);
export type CreateVoucherBody = z.input<typeof createVoucherBody>;

/** PATCH /api/admin/vouchers/{id}: the fields given change; the code does not. */
export const updateVoucherBody = checked(terms.partial());
export type UpdateVoucherBody = z.input<typeof updateVoucherBody>;

export const adminVoucherParams = z.object({
  id: z.uuid({ message: "This voucher could not be found" }),
});

export const adminVoucher = voucherView.omit({ usesLeft: true, appliesTo: true }).extend({
  startsAt: z.string().nullable(),
  perUserLimit: z.number().int(),
  usageLimit: z.number().int().nullable(),
  used: z.number().int(),
  active: z.boolean(),
  scope: z.enum(SCOPES),
  /** The categories or products chosen (as stored, not widened); empty for all. */
  scopeIds: z.array(z.string()),
  /** live, scheduled (starts later), ended (switched off or past its end) or used_up. */
  status: z.enum(["live", "scheduled", "ended", "used_up"]),
});
export type AdminVoucher = z.infer<typeof adminVoucher>;
export const adminVoucherList = z.object({ vouchers: z.array(adminVoucher) });
export type AdminVoucherList = z.infer<typeof adminVoucherList>;

/** What /admin/vouchers calls (managers and admins); the API routes call the same. */
export type AdminVouchersService = {
  list(staff: Staff): Promise<AdminVoucherList>;
  get(staff: Staff, id: string): Promise<AdminVoucher>;
  create(staff: Staff, body: unknown): Promise<AdminVoucher>;
  update(staff: Staff, id: string, body: unknown): Promise<AdminVoucher>;
  /** Switches it off now: no new uses; uses already in orders stay. */
  end(staff: Staff, id: string): Promise<AdminVoucher>;
};
