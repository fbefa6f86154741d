/** Vouchers (coupon codes) and the shopper's list of them (`/my/vouchers`). Whole rupees. */
import { z } from "zod";

/** POST /api/cart/coupon. Codes are matched case-insensitively. */
export const couponBody = z.object({
  code: z
    .string({ message: "Enter a voucher code" })
    .trim()
    .min(1, "Enter a voucher code")
    .max(40, "This voucher code is not valid"),
});

export const voucherView = z.object({
  _id: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(["percent", "fixed"]),
  /** Percent or rupees, by kind. */
  value: z.number().int(),
  maxDiscount: z.number().int().nullable(),
  minCartValue: z.number().int(),
  endsAt: z.string().nullable(),
  /** How many more times this shopper may use it. */
  usesLeft: z.number().int(),
  /**
   * What it takes off (decision 064): the names of its categories or products, or null for
   * everything in the cart. Not a field of spec §3's list (its calls are "not shown").
   */
  appliesTo: z.array(z.string()).nullable(),
});
export type VoucherView = z.infer<typeof voucherView>;

/** GET /api/vouchers/mine: the vouchers the signed-in shopper can still use, soonest ending first. */
export const myVouchers = z.object({ vouchers: z.array(voucherView) });
export type MyVouchers = z.infer<typeof myVouchers>;

/** The shopper's side of vouchers (/my/vouchers). */
export type VoucherService = {
  mine(userId: string): Promise<MyVouchers>;
};
