/**
 * The back-office's refunds and customers (issue #14, decision 046): one schema per request and
 * answer, shared by /api/admin and /admin.
 */
import { z } from "zod";
// First: the schemas below are built as this module loads, in the browser too.
import "./zod-browser.ts";
import type { Staff } from "./admin-orders.ts";
import { ORDER_STATUSES } from "./orders.ts";
import { walletEntry } from "./wallet.ts";

const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optional = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());

const reasonOf = (what: string) =>
  z
    .string(`Say why ${what}`)
    .trim()
    .min(3, `Say why ${what}`)
    .max(300, "Keep the reason under 300 characters");

export const REFUND_DESTINATIONS = ["wallet", "original"] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/**
 * POST /api/admin/orders/{id}/refunds: some units of some lines, or an amount, to the shopper's
 * wallet or the way they paid.
 */
export const REFUND_EITHER = "Choose the units to refund, or enter an amount (not both)";

export const refundFields = z.object({
  lines: z
    .array(
      z.object({
        itemId: z.uuid({ message: "Unknown order line" }),
        qty: z.coerce
          .number("Enter how many")
          .int("Enter a whole number")
          .min(0, "Enter 0 or more")
          .max(10_000),
      }),
    )
    .max(200)
    .optional(),
  amount: optional(
    z.coerce
      .number("Enter an amount in rupees")
      .int("Enter whole rupees")
      .min(1, "Enter an amount of at least Rs. 1"),
  ),
  to: z.enum(REFUND_DESTINATIONS, "Choose where the money goes: wallet or original method"),
  reason: reasonOf("the order is refunded"),
});
/** The same, checked whole: units or an amount, never both; units of 0 dropped. */
export const refundBody = refundFields
  .transform((b) => ({ ...b, lines: (b.lines ?? []).filter((l) => l.qty > 0) }))
  .refine((b) => b.lines.length > 0 !== (b.amount !== undefined), {
    message: REFUND_EITHER,
    path: ["lines"],
  });
export type RefundBody = z.input<typeof refundBody>;

export const orderRefund = z.object({
  _id: z.string(),
  amount: z.number().int(),
  to: z.enum(REFUND_DESTINATIONS),
  /** refunded: the money is back; owed: staff must still pay it back by hand (`manualStep`). */
  status: z.enum(["refunded", "owed"]),
  lines: z.array(z.object({ itemId: z.string(), qty: z.number().int() })),
  reason: z.string(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  doneNote: z.string().nullable(),
  gatewayRefundRef: z.string().nullable(),
  /** What staff must do by hand while it is owed. */
  manualStep: z.string().nullable(),
});
export type OrderRefundView = z.infer<typeof orderRefund>;

/** GET /api/admin/orders/{id}/refunds: what the order took, what went back, what may still. */
export const orderRefunds = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Whether the order can be refunded at all (delivered, or cancelled after it was paid). */
  refundable: z.boolean(),
  /** Why not, when it cannot. */
  refusal: z.string().nullable(),
  paid: z.number().int(),
  refunded: z.number().int(),
  left: z.number().int(),
  /** Wallet credit needs an account: guests' orders go back to the original method only. */
  walletAllowed: z.boolean(),
  lines: z.array(
    z.object({
      itemId: z.string(),
      name: z.string(),
      price: z.number().int(),
      qty: z.number().int(),
      refundedQty: z.number().int(),
    }),
  ),
  refunds: z.array(orderRefund),
});
export type OrderRefunds = z.infer<typeof orderRefunds>;

/** POST /api/admin/refunds/{id}/done: staff paid an owed refund back by hand. */
export const refundDoneBody = z.object({
  note: z
    .string("Say how it was paid back (bank transfer reference, cash receipt…)")
    .trim()
    .min(3, "Say how it was paid back (bank transfer reference, cash receipt…)")
    .max(300, "Keep the note under 300 characters"),
});

export const ADMIN_CUSTOMERS_PAGE_SIZE = 25;

/** GET /api/admin/customers */
export const adminCustomersQuery = z.object({
  /** A name, a phone number or an e-mail address (or a part of one). */
  q: optional(z.string().trim().max(100)),
  page: optional(z.coerce.number().int().min(1, "Pages start at 1").max(10_000)).default(1),
  pageSize: optional(z.coerce.number().int().min(1).max(100)).default(ADMIN_CUSTOMERS_PAGE_SIZE),
});

export const adminCustomerRow = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  orderCount: z.number().int(),
  blocked: z.boolean(),
});
export type AdminCustomerRow = z.infer<typeof adminCustomerRow>;

export const adminCustomerList = z.object({
  customers: z.array(adminCustomerRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminCustomerList = z.infer<typeof adminCustomerList>;

export const adminCustomerDetail = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
  blocked: z.object({ at: z.string(), reason: z.string() }).nullable(),
  orders: z.array(
    z.object({
      _id: z.string(),
      orderNo: z.string(),
      status: z.enum(ORDER_STATUSES),
      total: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  addresses: z.array(
    z.object({
      _id: z.string(),
      fullName: z.string(),
      phone: z.string(),
      city: z.string(),
      address: z.string(),
      isDefault: z.boolean(),
    }),
  ),
  wallet: z.object({ balance: z.number().int(), entries: z.array(walletEntry) }),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetail>;

/** POST /api/admin/customers/{id}/wallet-adjustments: signed whole rupees, with a reason. */
export const walletAdjustmentBody = z.object({
  amount: z.coerce
    .number("Enter an amount in rupees")
    .int("Enter whole rupees")
    .refine((n) => n !== 0, "Enter an amount other than 0 (negative takes money out)")
    .refine((n) => Math.abs(n) <= 1_000_000, "At most Rs. 1,000,000 at once"),
  reason: reasonOf("the balance changes"),
});

/** POST /api/admin/customers/{id}/block and /unblock */
export const blockBody = z.object({ reason: reasonOf("the account is blocked or unblocked") });

/** The message a blocked account gets when it tries to sign in, refresh or order. */
export const BLOCKED_MESSAGE =
  "This account is blocked. Please contact Maidan customer support to find out why.";

/** The back-office's refunds, as the API's routes and /admin call them (in-process). */
export type AdminRefundsService = {
  of(staff: Staff, orderId: string): Promise<OrderRefunds>;
  refund(staff: Staff, orderId: string, body: unknown): Promise<OrderRefunds>;
  done(staff: Staff, refundId: string, body: unknown): Promise<OrderRefunds>;
};

/** The back-office's customers, as the API's routes and /admin call them (in-process). */
export type AdminCustomersService = {
  list(staff: Staff, query: unknown): Promise<AdminCustomerList>;
  get(staff: Staff, id: string): Promise<AdminCustomerDetail>;
  adjustWallet(staff: Staff, id: string, body: unknown): Promise<AdminCustomerDetail>;
  block(staff: Staff, id: string, body: unknown): Promise<AdminCustomerDetail>;
  unblock(staff: Staff, id: string, body: unknown): Promise<AdminCustomerDetail>;
};
