import type { AddressService } from "@maidan/contracts/addresses";
import {
  type AdminCustomerDetail,
  type AdminCustomerList,
  adminCustomersQuery,
  blockBody,
  walletAdjustmentBody,
} from "@maidan/contracts/admin-customers";
import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import { rupees } from "@maidan/contracts/money";
import type { OrderStatus } from "@maidan/contracts/orders";
import type { Db } from "@maidan/db/database";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import * as audit from "../audit/audit.service.ts";
import * as customers from "../auth/customers.service.ts";
import * as orderService from "../orders/order-records.service.ts";
import type { WalletServiceImpl } from "../wallet/wallet.service.ts";

/*
 * The back-office's customers (issue #14, decision 046): shoppers' accounts searched and read
 * with their orders, addresses and wallet; their wallet adjusted by hand with a reason; blocked
 * (no sign-in, no refresh, every session ended) and unblocked. Managers and admins only. Each
 * change writes its audit entry in its own transaction.
 */

export type StaffCustomersDeps = { db: Db; wallet: WalletServiceImpl; addresses: AddressService };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("Customer not found");

function requireManager(s: Staff) {
  if (!hasRole(s.role, "manager")) throw forbidden("Only managers and admins see customers.");
}

const nameOf = (c: { first_name: string; last_name: string }) =>
  `${c.first_name} ${c.last_name}`.trim() || "(no name)";

export function createStaffCustomers(deps: StaffCustomersDeps) {
  const { db } = deps;

  async function get(staff: Staff, id: string): Promise<AdminCustomerDetail> {
    requireManager(staff);
    if (!UUID.test(id)) throw missing();
    const c = await customers.findCustomer(db, id);
    if (!c) throw missing();
    const [orders, addresses, wallet] = await Promise.all([
      orderService.ordersOfUser(db, id, 50),
      deps.addresses.list(id),
      deps.wallet.get(id),
    ]);
    return {
      _id: c.id,
      name: nameOf(c),
      email: c.email,
      phone: c.phone,
      role: c.role,
      verified: c.verified,
      createdAt: new Date(c.created_at).toISOString(),
      blocked: c.blocked_at
        ? { at: new Date(c.blocked_at).toISOString(), reason: c.blocked_reason ?? "" }
        : null,
      orders: orders.map((o) => ({
        _id: o.id,
        orderNo: o.order_no,
        status: o.status as OrderStatus,
        total: o.total,
        createdAt: new Date(o.created_at).toISOString(),
      })),
      addresses: addresses.map((a) => ({
        _id: a._id,
        fullName: a.fullName,
        phone: a.phone,
        city: a.city,
        address: a.address,
        isDefault: a.isDefault,
      })),
      wallet: { balance: wallet.balance, entries: wallet.entries },
    };
  }

  /** Block or unblock, with the reason, the account row locked. */
  async function setBlocked(staff: Staff, id: string, input: unknown, block: boolean) {
    requireManager(staff);
    const { reason } = parseInput(blockBody, input);
    if (!UUID.test(id)) throw missing();
    await db.transaction(async (tx) => {
      const c = await customers.lockCustomer(tx, id);
      if (!c) throw missing();
      if (block === (c.blocked_at !== null))
        throw conflict(block ? "This account is blocked already." : "This account is not blocked.");
      if (block) await customers.block(tx, id, reason);
      else await customers.unblock(tx, id);
      await audit.record(tx, {
        actor: staff,
        recordType: "customer",
        recordId: id,
        action: block ? "block" : "unblock",
        before: { blocked: c.blocked_at !== null, reason: c.blocked_reason },
        after: { blocked: block, reason },
      });
    });
    return get(staff, id);
  }

  return {
    async list(staff: Staff, query: unknown): Promise<AdminCustomerList> {
      requireManager(staff);
      const q = parseInput(adminCustomersQuery, query ?? {});
      const rows = await customers.searchCustomers(db, q.q, q.pageSize, (q.page - 1) * q.pageSize);
      const total =
        rows[0]?.full_count ??
        (q.page > 1 ? ((await customers.searchCustomers(db, q.q, 1, 0))[0]?.full_count ?? 0) : 0);
      return {
        customers: rows.map((c) => ({
          _id: c.id,
          name: nameOf(c),
          email: c.email,
          phone: c.phone,
          createdAt: new Date(c.created_at).toISOString(),
          orderCount: c.order_count,
          blocked: c.blocked_at !== null,
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    get,

    /**
     * A signed entry in the customer's ledger with the staff's reason; a debit larger than the
     * balance is refused (the wallet row is locked, so the balance read is the one changed).
     */
    async adjustWallet(staff: Staff, id: string, input: unknown) {
      requireManager(staff);
      const { amount, reason } = parseInput(walletAdjustmentBody, input);
      if (!UUID.test(id)) throw missing();
      if (!(await customers.findCustomer(db, id))) throw missing();
      await db.transaction(async (tx) => {
        const before = await deps.wallet.adjust(tx, id, {
          amount,
          reference: crypto.randomUUID(),
          remark: reason,
        });
        if (before === null)
          throw badRequest(
            `The wallet holds less than ${rupees(-amount)}: a balance never goes below Rs. 0. Nothing was changed.`,
          );
        await audit.record(tx, {
          actor: staff,
          recordType: "customer",
          recordId: id,
          action: "wallet_adjustment",
          before: { balance: before },
          after: { balance: before + amount, amount, reason },
        });
      });
      return get(staff, id);
    },

    block: (staff: Staff, id: string, input: unknown) => setBlocked(staff, id, input, true),
    unblock: (staff: Staff, id: string, input: unknown) => setBlocked(staff, id, input, false),
  };
}

export type StaffCustomersImpl = ReturnType<typeof createStaffCustomers>;
