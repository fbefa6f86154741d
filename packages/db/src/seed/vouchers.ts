import type { Tx } from "../database.ts";
import { vouchers } from "../schema-vouchers.ts";

/**
 * Demo coupons: WELCOME10 to try a percentage with a cap and a minimum, SINGLE1 to see a voucher
 * that only one checkout in the whole shop can ever use.
 */
export async function insertDemoVouchers(tx: Tx) {
  await tx
    .insert(vouchers)
    .values([
      {
        code: "WELCOME10",
        description: "10% off orders of Rs. 2,000 or more (up to Rs. 500)",
        kind: "percent",
        value: 10,
        maxDiscount: 500,
        minCartValue: 2000,
        perUserLimit: 1,
      },
      {
        code: "SINGLE1",
        description: "Rs. 300 off: the first shopper to use it gets it",
        kind: "fixed",
        value: 300,
        perUserLimit: 1,
        usageLimit: 1,
      },
    ])
    .onConflictDoNothing();
}
