import type { Staff } from "@maidan/contracts/admin-orders";
import {
  type AdminVoucher,
  type AdminVouchersService,
  createVoucherBody,
  updateVoucherBody,
} from "@maidan/contracts/admin-vouchers";
import { hasRole } from "@maidan/contracts/auth";
import type { Db, DbOrTx } from "@maidan/db/database";
import type { PromotionScope } from "@maidan/db/schema-promotions";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { RecordAudit } from "../../lib/record-audit.ts";
import { countScopeIds } from "../../lib/scope-sql.ts";
import * as repo from "./staff-vouchers.repository.ts";

type Deps = { db: Db; audit: RecordAudit };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const dateOf = (s: string | null | undefined) =>
  s === undefined ? undefined : s === null ? null : new Date(s);

export function voucherView(v: repo.StaffVoucherRow, now = new Date()): AdminVoucher {
  const status =
    !v.active || (v.endsAt !== null && v.endsAt <= now)
      ? "ended"
      : v.usageLimit !== null && v.used >= v.usageLimit
        ? "used_up"
        : v.startsAt !== null && v.startsAt > now
          ? "scheduled"
          : "live";
  return {
    _id: v.id,
    code: v.code,
    description: v.description,
    kind: v.kind,
    value: v.value,
    maxDiscount: v.maxDiscount,
    minCartValue: v.minCartValue,
    startsAt: iso(v.startsAt),
    endsAt: iso(v.endsAt),
    perUserLimit: v.perUserLimit,
    usageLimit: v.usageLimit,
    scope: v.scope,
    scopeIds: v.scopeIds,
    used: v.used,
    active: v.active,
    status,
  };
}

function requireManager(s: Staff) {
  if (!hasRole(s.role, "manager")) throw forbidden("Only managers and admins manage vouchers.");
}

/**
 * The scope as stored (decision 064): none for all; else at least one id, each naming a category
 * (or a product), checked before anything is written (400, not a foreign-key 500 later).
 */
async function scopeOf(tx: DbOrTx, scope: PromotionScope, ids: string[]) {
  if (scope === "all") return { scope, scopeIds: [] };
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw badRequest("scopeIds: Choose at least one category or product");
  if ((await countScopeIds(tx, scope, unique)) !== unique.length)
    throw badRequest(`scopeIds: some of these ${scope} ids name no ${scope}`);
  return { scope, scopeIds: unique };
}

const audited = (v: AdminVoucher) => {
  const { status: _status, ...rest } = v;
  return rest;
};

/**
 * Vouchers in the back-office (decision 061): list, create, edit and end. Each change and its
 * audit entry are one transaction. The cart reads vouchers uncached, so the next pricing sees it.
 */
export function createStaffVouchers({ db, audit }: Deps): AdminVouchersService {
  /** Locks the voucher, applies `change`, records before and after. */
  async function change(
    s: Staff,
    id: string,
    action: string,
    terms: (tx: DbOrTx, before: repo.StaffVoucherRow) => Promise<repo.VoucherTermsRow>,
  ) {
    requireManager(s);
    return db.transaction(async (tx) => {
      const before = await repo.findForUpdate(tx, id);
      if (!before) throw notFound("This voucher could not be found");
      const set = await terms(tx, before);
      const limit = set.usageLimit === undefined ? before.usageLimit : set.usageLimit;
      if (limit !== null && limit < before.used)
        throw conflict(
          `This voucher has been used ${before.used} times: its total uses cannot go below that`,
        );
      const after = await repo.update(tx, id, set);
      if (!after) throw notFound("This voucher could not be found");
      const view = voucherView(after);
      await audit(tx, {
        actor: s,
        recordType: "voucher",
        recordId: id,
        action,
        before: audited(voucherView(before)),
        after: audited(view),
      });
      return view;
    });
  }

  return {
    async list(s) {
      requireManager(s);
      const now = new Date();
      return { vouchers: (await repo.listAll(db, 500)).map((v) => voucherView(v, now)) };
    },

    async get(s, id) {
      requireManager(s);
      const v = await repo.findById(db, id);
      if (!v) throw notFound("This voucher could not be found");
      return voucherView(v);
    },

    async create(s, body) {
      requireManager(s);
      const b = parseInput(createVoucherBody, body);
      return db.transaction(async (tx) => {
        const scope = await scopeOf(tx, b.scope ?? "all", b.scopeIds ?? []);
        const row = await repo.insert(tx, {
          ...scope,
          code: b.code,
          description: b.description ?? "",
          kind: b.kind,
          value: b.value,
          maxDiscount: b.maxDiscount ?? null,
          minCartValue: b.minCartValue ?? 0,
          startsAt: dateOf(b.startsAt) ?? null,
          endsAt: dateOf(b.endsAt) ?? null,
          perUserLimit: b.perUserLimit ?? 1,
          usageLimit: b.usageLimit ?? null,
        });
        if (!row) throw conflict(`The code ${b.code} is taken by another voucher`);
        const view = voucherView(row);
        await audit(tx, {
          actor: s,
          recordType: "voucher",
          recordId: row.id,
          action: "voucher_created",
          before: null,
          after: audited(view),
        });
        return view;
      });
    },

    update(s, id, body) {
      requireManager(s);
      const b = parseInput(updateVoucherBody, body);
      return change(s, id, "voucher_updated", async (tx, before) => {
        // The rules of the stored terms with the new ones (a percent over 100, an end before the start).
        const kind = b.kind ?? before.kind;
        const value = b.value ?? before.value;
        parseInput(updateVoucherBody, {
          kind,
          value,
          startsAt: b.startsAt === undefined ? iso(before.startsAt) : b.startsAt,
          endsAt: b.endsAt === undefined ? iso(before.endsAt) : b.endsAt,
        });
        // A new scope comes with its ids; ids alone change those of the stored scope.
        const scope =
          b.scope === undefined && b.scopeIds === undefined
            ? {}
            : await scopeOf(
                tx,
                b.scope ?? before.scope,
                b.scopeIds ?? (b.scope === before.scope ? before.scopeIds : []),
              );
        return {
          ...scope,
          description: b.description,
          kind: b.kind,
          value: b.value,
          maxDiscount: b.maxDiscount,
          minCartValue: b.minCartValue,
          startsAt: dateOf(b.startsAt),
          endsAt: dateOf(b.endsAt),
          perUserLimit: b.perUserLimit,
          usageLimit: b.usageLimit,
        };
      });
    },

    end: (s, id) => change(s, id, "voucher_ended", async () => ({ active: false })),
  };
}
