import { randomUUID } from "node:crypto";
import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import {
  ADMIN_DISPUTES_PAGE_SIZE,
  type AdminDisputeDetail,
  type AdminDisputesService,
  adminDisputesQuery,
  DISPUTE_REASON_LABEL,
  disputeMessageBody,
  resolveDisputeBody,
} from "@maidan/contracts/disputes";
import { AppError } from "@maidan/contracts/errors";
import { rupees } from "@maidan/contracts/money";
import type { Db, DbOrTx, Tx } from "@maidan/db/database";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import * as audit from "../audit/audit.service.ts";
import type { DisputeRow } from "../disputes/dispute-records.service.ts";
import * as records from "../disputes/dispute-records.service.ts";
import type { Events } from "../events/events.ts";
import * as stock from "../inventory/inventory.service.ts";
import * as orderService from "../orders/order-records.service.ts";
import { customerName, detailOf, summaryOf } from "./dispute-view.ts";
import type { StaffRefundsImpl } from "./staff-refunds.ts";

/*
 * The staff side of disputes (issue #14, decision 052): the queue, the thread, replies, and the
 * three ways to close one: a refund of the line (through the staff refunds' code, so the ledger,
 * the order and the cap on what was paid hold exactly as for any refund), a replacement order
 * (Rs. 0, the line's units taken from stock) or a rejection with a reason. Each is one
 * transaction with the dispute's row locked first, so two staff closing it at once queue and the
 * second gets 409; the dispute.* event and the audit entry are written in it.
 */

export type StaffDisputesDeps = {
  db: Db;
  events?: Events;
  staffRefunds: Pick<StaffRefundsImpl, "refundInTx" | "leftOf">;
  /** Products whose stock changed, after the commit (the catalogue's caches). */
  stockChanged?: (productIds: string[]) => void;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("Dispute not found");
const OPEN = ["open", "awaiting_shopper"];

function requireManager(s: Staff) {
  if (!hasRole(s.role, "manager")) throw forbidden("Only managers and admins handle disputes.");
}

const itemLabel = (r: DisputeRow) =>
  [r.item_name, r.item_size, r.item_color].filter(Boolean).join(", ");

export function createStaffDisputes(deps: StaffDisputesDeps): AdminDisputesService {
  const { db } = deps;

  async function found(q: DbOrTx, id: string, forUpdate = false) {
    if (!UUID.test(id)) throw missing();
    const r = await records.findDispute(q, id, undefined, forUpdate);
    if (!r) throw missing();
    return r;
  }

  async function detail(id: string): Promise<AdminDisputeDetail> {
    const r = await found(db, id);
    return {
      ...(await detailOf(db, r)),
      customer: {
        _id: r.user_id,
        name: customerName(r),
        email: r.customer_email,
        phone: r.customer_phone,
      },
      orderStatus: r.order_status,
      refundLeft: await deps.staffRefunds.leftOf(db, r.order_id),
    };
  }

  /** The dispute locked in `tx`, still open; else 409 with its state. */
  async function lockedOpen(tx: Tx, id: string) {
    const r = await found(tx, id, true);
    if (!OPEN.includes(r.status))
      throw conflict(`This dispute is already ${r.status}. Nothing was changed.`);
    return r;
  }

  /** A Rs. 0 order of the line's units for the same shopper and address, stock taken. */
  async function replacementOrder(tx: Tx, r: DisputeRow, note: string) {
    const o = await orderService.findForStaff(tx, r.order_id);
    const item = (await orderService.orderItemsOf(tx, r.order_id)).find(
      (i) => i.id === r.order_item_id,
    );
    if (!o || !item) throw missing();
    if (!item.variant_id || !item.product_id)
      throw conflict(`${item.name} is no longer sold: send a refund instead. Nothing was changed.`);
    await stock.lockProducts(tx, [item.product_id]);
    if (!(await stock.takeStock(tx, item.variant_id, item.qty)))
      throw new AppError(
        "OUT_OF_STOCK",
        `Not enough stock of ${itemLabel(r)} for a replacement of ${item.qty}. Nothing was changed.`,
      );
    const created = await orderService.insertOrder(
      tx,
      {
        checkoutId: randomUUID(),
        userId: o.user_id,
        guestId: null,
        vendorId: o.vendor_id,
        status: "confirmed",
        paymentMethod: o.payment_method,
        qty: item.qty,
        subtotal: 0,
        oldSubtotal: 0,
        discount: 0,
        shipping: 0,
        tax: 0,
        total: 0,
        shippingMethodId: null,
        shippingMethodName: o.shipping_method_name,
        address: o.address,
        confirmCodeHash: null,
        confirmBy: null,
      },
      [
        {
          productId: item.product_id,
          variantId: item.variant_id,
          name: item.name,
          slug: item.slug,
          sku: item.sku,
          size: item.size,
          color: item.color,
          img: item.img,
          price: 0,
          mrp: item.mrp,
          qty: item.qty,
          tax: 0,
        },
      ],
      [{ status: "confirmed", note: `Replacement for order ${o.order_no}: ${note}` }],
    );
    // Nothing to pay: it is settled as it is written.
    await orderService.setPaymentStatus(tx, created.id, "paid");
    await orderService.insertEvent(
      tx,
      o.id,
      o.status,
      `Replacement order ${created.order_no} for ${itemLabel(r)}: ${note}`,
    );
    return { orderId: created.id, orderNo: created.order_no, productId: item.product_id };
  }

  return {
    async list(staff, query) {
      requireManager(staff);
      const q = parseInput(adminDisputesQuery, query);
      const f = { status: q.status };
      const [rows, total] = await Promise.all([
        records.listDisputes(
          db,
          f,
          ADMIN_DISPUTES_PAGE_SIZE,
          (q.page - 1) * ADMIN_DISPUTES_PAGE_SIZE,
        ),
        records.countDisputes(db, f),
      ]);
      return {
        disputes: rows.map((r) => ({
          ...summaryOf(r),
          customer: { _id: r.user_id, name: customerName(r) },
        })),
        total,
        page: q.page,
        pageSize: ADMIN_DISPUTES_PAGE_SIZE,
      };
    },

    async get(staff, id) {
      requireManager(staff);
      return detail(id);
    },

    async reply(staff, id, input) {
      requireManager(staff);
      const { text } = parseInput(disputeMessageBody, input);
      await found(db, id);
      await db.transaction(async (tx) => {
        const r = await lockedOpen(tx, id);
        await records.insertMessage(tx, {
          disputeId: id,
          authorId: staff.id,
          author: "staff",
          text,
        });
        await records.setStatus(tx, id, "awaiting_shopper");
        await deps.events?.emit(tx, "dispute.message", id, {
          userId: r.user_id,
          disputeId: id,
          orderId: r.order_id,
          orderNo: r.order_no,
          from: "staff",
        });
        await audit.record(tx, {
          actor: staff,
          recordType: "dispute",
          recordId: id,
          action: "reply",
          before: { status: r.status },
          after: { status: "awaiting_shopper", text },
        });
      });
      return detail(id);
    },

    async resolve(staff, id, input) {
      requireManager(staff);
      const body = parseInput(resolveDisputeBody, input);
      await found(db, id);
      let changedProduct: string | null = null;
      await db.transaction(async (tx) => {
        const r = await lockedOpen(tx, id);
        let amount: number | null = null;
        let refundId: string | null = null;
        let replacement: { orderId: string; orderNo: string } | null = null;
        const resolution =
          body.action === "reject"
            ? "rejected"
            : body.action === "replacement"
              ? "replacement"
              : body.to === "wallet"
                ? "refund_wallet"
                : "refund_original";
        if (body.action === "refund") {
          amount = body.amount ?? 0;
          if (amount > r.item_total)
            throw conflict(
              `${rupees(amount)} is more than the ${rupees(r.item_total)} paid for ${itemLabel(r)}. Nothing was refunded.`,
            );
          const row = await deps.staffRefunds.refundInTx(tx, staff, r.order_id, {
            lines: [],
            amount,
            to: body.to ?? "wallet",
            reason: `Dispute (${DISPUTE_REASON_LABEL[r.reason].toLowerCase()}, ${itemLabel(r)}): ${body.note}`,
          });
          refundId = row.id;
        } else if (body.action === "replacement") {
          const made = await replacementOrder(tx, r, body.note);
          replacement = { orderId: made.orderId, orderNo: made.orderNo };
          changedProduct = made.productId;
        }
        const closed = await records.close(tx, id, {
          status: body.action === "reject" ? "rejected" : "resolved",
          resolution,
          note: body.note,
          amount,
          refundId,
          replacementOrderId: replacement?.orderId ?? null,
          staffId: staff.id,
        });
        if (!closed) throw conflict("This dispute was closed meanwhile. Nothing was changed.");
        await deps.events?.emit(tx, "dispute.resolved", id, {
          userId: r.user_id,
          disputeId: id,
          orderId: r.order_id,
          orderNo: r.order_no,
          resolution,
          ...(amount !== null ? { amount } : {}),
          ...(replacement ? { replacementOrderId: replacement.orderId } : {}),
        });
        await audit.record(tx, {
          actor: staff,
          recordType: "dispute",
          recordId: id,
          action: body.action === "reject" ? "reject" : "resolve",
          before: { status: r.status },
          after: {
            status: body.action === "reject" ? "rejected" : "resolved",
            resolution,
            note: body.note,
            amount,
            refundId,
            replacementOrderNo: replacement?.orderNo ?? null,
          },
        });
      });
      if (changedProduct) deps.stockChanged?.([changedProduct]);
      return detail(id);
    },
  };
}
