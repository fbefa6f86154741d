import {
  ADMIN_PAYMENTS_PAGE_SIZE,
  type AdminOverviewService,
  adminPaymentsQuery,
  DASHBOARD_WINDOW_DAYS,
  type Dashboard,
  LOW_STOCK_THRESHOLD,
  reconciliationQuery,
} from "@maidan/contracts/admin-dashboard";
import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import { ORDER_STATUSES, type OrderStatus } from "@maidan/contracts/orders";
import type { Db } from "@maidan/db/database";
import { forbidden, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { AuditServiceImpl } from "../audit/audit.service.ts";
import { type Jobs, overviewOf } from "../jobs/jobs.ts";
import * as repo from "./back-office.repository.ts";

/*
 * The back-office's overview (issue #14, decision 047): the dashboard's figures, payment attempts
 * and their reconciliation with the orders, the jobs, the audit log and the unconfirmed COD
 * orders. Managers and admins only: vendors get 403 (their own figures come with their screens).
 */

export type BackOfficeDeps = { db: Db; jobs: Jobs; audit: AuditServiceImpl };

const LOW_STOCK_ROWS = 20;
const COD_QUEUE_ROWS = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireManager(s: Staff) {
  if (!hasRole(s.role, "manager")) throw forbidden();
}

const rate = (n: number, of: number) => (of === 0 ? null : Math.round((n / of) * 1000) / 1000);
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export function createBackOffice({ db, jobs, audit }: BackOfficeDeps): AdminOverviewService {
  return {
    async dashboard(staff): Promise<Dashboard> {
      requireManager(staff);
      const [s, statuses, cod, low, pay] = await Promise.all([
        repo.sales(db),
        repo.ordersByStatus(db),
        repo.codOutcomes(db, DASHBOARD_WINDOW_DAYS),
        repo.lowStock(db, LOW_STOCK_THRESHOLD, LOW_STOCK_ROWS),
        repo.paymentOutcomes(db, DASHBOARD_WINDOW_DAYS),
      ]);
      const count = new Map(statuses.map((r) => [r.status, r.count]));
      const confirmed = cod?.confirmed ?? 0;
      const refused = cod?.refused ?? 0;
      const decided = confirmed + refused;
      return {
        sales: {
          today: { orders: s?.today_n ?? 0, amount: s?.today_amount ?? 0 },
          week: { orders: s?.week_n ?? 0, amount: s?.week_amount ?? 0 },
          month: { orders: s?.month_n ?? 0, amount: s?.month_amount ?? 0 },
        },
        ordersByStatus: ORDER_STATUSES.map((status: OrderStatus) => ({
          status,
          count: count.get(status) ?? 0,
        })),
        cod: {
          decided,
          confirmed,
          refused,
          confirmationRate: rate(confirmed, decided),
          refusalRate: rate(refused, decided),
          pending: cod?.pending ?? 0,
        },
        lowStock: low.map((v) => ({
          variantId: v.variant_id,
          productId: v.product_id,
          product: v.product,
          sku: v.sku,
          stock: v.stock,
        })),
        lowStockThreshold: LOW_STOCK_THRESHOLD,
        payments: pay,
        windowDays: DASHBOARD_WINDOW_DAYS,
      };
    },

    async payments(staff, input) {
      requireManager(staff);
      const q = parseInput(adminPaymentsQuery, input ?? {});
      const found = await repo.attempts(
        db,
        { status: q.status, gateway: q.gateway, from: q.from, to: q.to, waiting: !!q.waiting },
        ADMIN_PAYMENTS_PAGE_SIZE,
        (q.page - 1) * ADMIN_PAYMENTS_PAGE_SIZE,
      );
      return {
        payments: found.map((a) => ({
          _id: a.id,
          reference: a.reference,
          gateway: a.gateway,
          method: a.method,
          purpose: a.purpose,
          checkoutId: a.checkout_id,
          orderNos: a.order_nos ?? [],
          amount: a.amount,
          status: a.status,
          resultMessage: a.result_message,
          refundDue: a.refund_due,
          inquiries: a.inquiries,
          nextInquiryAt: iso(a.next_inquiry_at),
          createdAt: new Date(a.created_at).toISOString(),
          signals: { count: a.signals, rejected: a.rejected, last: a.last_signal },
        })),
        total: found[0]?.full_count ?? 0,
        page: q.page,
        pageSize: ADMIN_PAYMENTS_PAGE_SIZE,
      };
    },

    async reconciliation(staff, input) {
      requireManager(staff);
      const q = parseInput(reconciliationQuery, input ?? {});
      const found = await repo.reconciliation(db, q.from, q.to);
      return {
        rows: found.map((r) => ({
          checkoutId: r.checkout_id,
          orderNos: r.order_nos,
          method: r.method,
          attemptsPaid: r.attempts_paid,
          ordersPaid: r.orders_paid,
          difference: r.attempts_paid - r.orders_paid,
          match: r.attempts_paid === r.orders_paid,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      };
    },

    async audit(staff, input) {
      requireManager(staff);
      return audit.list(input);
    },

    async codQueue(staff) {
      requireManager(staff);
      const found = await repo.codQueue(db, COD_QUEUE_ROWS);
      return {
        orders: found.map((o) => ({
          _id: o.id,
          orderNo: o.order_no,
          createdAt: new Date(o.created_at).toISOString(),
          confirmBy: iso(o.confirm_by),
          customer: { name: o.address.fullName, phone: o.address.phone },
          city: o.address.city,
          total: o.total,
        })),
      };
    },

    async jobs(staff) {
      requireManager(staff);
      return overviewOf(jobs);
    },

    async retryJob(staff, id) {
      requireManager(staff);
      if (!UUID.test(id) || !(await jobs.retry(id))) throw notFound("No failed job with this id");
    },
  };
}
