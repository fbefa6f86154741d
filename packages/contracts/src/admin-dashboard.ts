/**
 * The back-office's overview screens (issue #14, decision 047): the dashboard, payments and their
 * reconciliation, jobs, the audit log and the queue of unconfirmed COD orders. One schema per
 * request and answer, shared by /api/admin/… and /admin.
 */
import { z } from "zod";
// First: the schemas below are built as this module loads, in the browser too.
import "./zod-browser.ts";
import { auditEntry, type Staff } from "./admin-orders.ts";
import { ORDER_STATUSES } from "./orders.ts";
import { PAYMENT_STATUSES } from "./payments.ts";

/** A variant with this many units or fewer is "low stock" on the dashboard. */
export const LOW_STOCK_THRESHOLD = 5;
/** The window of the dashboard's rates and payment outcomes, in days. */
export const DASHBOARD_WINDOW_DAYS = 30;

const date = z.iso.date("Use a date like 2026-01-31");
const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optional = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());
const page = optional(z.coerce.number().int().min(1, "Pages start at 1").max(10_000)).default(1);

const sales = z.object({ orders: z.number().int(), amount: z.number().int() });

/** GET /api/admin/dashboard */
export const dashboard = z.object({
  /** Days in Asia/Karachi; weeks start on Monday. Cancelled and unpaid online orders excluded. */
  sales: z.object({ today: sales, week: sales, month: sales }),
  ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
  /** COD orders placed in the window that left "unconfirmed": confirmed or cancelled. */
  cod: z.object({
    decided: z.number().int(),
    confirmed: z.number().int(),
    refused: z.number().int(),
    /** 0..1, null when nothing was decided. */
    confirmationRate: z.number().nullable(),
    refusalRate: z.number().nullable(),
    pending: z.number().int(),
  }),
  lowStock: z.array(
    z.object({
      variantId: z.string(),
      productId: z.string(),
      product: z.string(),
      sku: z.string(),
      stock: z.number().int(),
    }),
  ),
  lowStockThreshold: z.number().int(),
  payments: z.array(
    z.object({ status: z.string(), count: z.number().int(), amount: z.number().int() }),
  ),
  windowDays: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboard>;

/** GET /api/admin/payments */
export const adminPaymentsQuery = z.object({
  status: optional(z.enum(PAYMENT_STATUSES, "Unknown payment status")),
  gateway: optional(z.string().trim().max(40)),
  from: optional(date),
  to: optional(date),
  /** Only the attempts still waiting for the gateway's answer (the inquiry job asks). */
  waiting: optional(z.enum(["1"], "waiting is 1 or left out")),
  page,
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuery>;
export const ADMIN_PAYMENTS_PAGE_SIZE = 50;

export const adminPayment = z.object({
  _id: z.string(),
  reference: z.string(),
  gateway: z.string(),
  method: z.string(),
  purpose: z.string(),
  checkoutId: z.string().nullable(),
  orderNos: z.array(z.string()),
  amount: z.number().int(),
  status: z.string(),
  resultMessage: z.string().nullable(),
  refundDue: z.string().nullable(),
  inquiries: z.number().int(),
  nextInquiryAt: z.string().nullable(),
  createdAt: z.string(),
  /** Gateway signals received for it: how many, how many refused, and the last one's reason. */
  signals: z.object({
    count: z.number().int(),
    rejected: z.number().int(),
    last: z.string().nullable(),
  }),
});
export const adminPaymentList = z.object({
  payments: z.array(adminPayment),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminPaymentList = z.infer<typeof adminPaymentList>;

/** GET /api/admin/payments/reconciliation(.csv): a checkout's paid attempts against its orders. */
export const reconciliationQuery = z.object({ from: optional(date), to: optional(date) });
export const reconciliationRow = z.object({
  checkoutId: z.string(),
  orderNos: z.array(z.string()),
  method: z.string(),
  /** Rupees of attempts that succeeded. */
  attemptsPaid: z.number().int(),
  /** Rupees of the checkout's orders marked paid (or refunded / refund due after being paid). */
  ordersPaid: z.number().int(),
  difference: z.number().int(),
  match: z.boolean(),
  createdAt: z.string(),
});
export const reconciliation = z.object({ rows: z.array(reconciliationRow) });
export type Reconciliation = z.infer<typeof reconciliation>;

/** GET /api/admin/audit: by record, by actor, paged (newest first when not by record). */
export const auditListQuery = z.object({
  record: optional(
    z.string().regex(/^[a-z_]+:[A-Za-z0-9_-]{1,64}$/, "Name a record like order:<id>"),
  ),
  actor: optional(z.uuid({ message: "Name the actor by their account id" })),
  page,
});
export type AuditListQuery = z.input<typeof auditListQuery>;
export const AUDIT_PAGE_SIZE = 50;
export const auditList = z.object({
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditList = z.infer<typeof auditList>;

/** GET /api/admin/cod-queue: COD orders waiting for staff's call, oldest first. */
export const codQueue = z.object({
  orders: z.array(
    z.object({
      _id: z.string(),
      orderNo: z.string(),
      createdAt: z.string(),
      /** When the order is cancelled unless confirmed (null: no deadline). */
      confirmBy: z.string().nullable(),
      customer: z.object({ name: z.string(), phone: z.string() }),
      city: z.string(),
      total: z.number().int(),
    }),
  ),
});
export type CodQueue = z.infer<typeof codQueue>;

export const failedJob = z.object({
  id: z.string(),
  queue: z.string(),
  retryCount: z.number().int(),
  createdOn: z.iso.datetime(),
  failedOn: z.iso.datetime().nullable(),
  error: z.string(),
});
export const jobsOverview = z.object({
  jobs: z.array(failedJob),
  /** Each queue's jobs ready or running, and failed. */
  queues: z.array(z.object({ queue: z.string(), pending: z.number().int(), failed: z.number() })),
});
export type JobsOverview = z.infer<typeof jobsOverview>;

/** The overview screens, as the API's routes and /admin call them (in-process). */
export type AdminOverviewService = {
  dashboard(staff: Staff): Promise<Dashboard>;
  payments(staff: Staff, query: unknown): Promise<AdminPaymentList>;
  reconciliation(staff: Staff, query: unknown): Promise<Reconciliation>;
  audit(staff: Staff, query: unknown): Promise<AuditList>;
  codQueue(staff: Staff): Promise<CodQueue>;
  jobs(staff: Staff): Promise<JobsOverview>;
  retryJob(staff: Staff, id: string): Promise<void>;
};

/** The reconciliation as CSV (RFC 4180), mismatches first as the rows come. */
export function reconciliationCsv(rows: Reconciliation["rows"]): string {
  const cell = (v: string | number | boolean) => {
    const s = String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const head = [
    "checkout_id",
    "orders",
    "method",
    "attempts_paid",
    "orders_paid",
    "difference",
    "match",
    "created_at",
  ];
  const lines = rows.map((r) =>
    [
      r.checkoutId,
      r.orderNos.join(" "),
      r.method,
      r.attemptsPaid,
      r.ordersPaid,
      r.difference,
      r.match ? "yes" : "no",
      r.createdAt,
    ]
      .map(cell)
      .join(","),
  );
  return `${[head.join(","), ...lines].join("\r\n")}\r\n`;
}
