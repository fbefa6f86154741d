import type { Staff } from "@maidan/contracts/admin-orders";
import {
  type AdminPromotion,
  type AdminPromotionsService,
  promotionBody,
} from "@maidan/contracts/admin-promotions";
import { hasRole } from "@maidan/contracts/auth";
import type { DbOrTx } from "@maidan/db/database";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { StaffWriterDeps } from "../../lib/record-audit.ts";
import { isLive } from "./promotion-rules.ts";
import * as repo from "./staff-promotions.repository.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function promotionView(p: repo.PromotionRow, now = new Date()): AdminPromotion {
  const live = isLive({ active: p.active, starts_at: p.startsAt, ends_at: p.endsAt }, now);
  return {
    _id: p.id,
    name: p.name,
    kind: p.kind,
    value: p.value,
    maxDiscount: p.maxDiscount,
    minCartValue: p.minCartValue,
    scope: p.scope,
    scopeIds: p.scopeIds,
    buyQty: p.buyQty,
    getQty: p.getQty,
    giftVariantId: p.giftVariantId,
    startsAt: iso(p.startsAt),
    endsAt: iso(p.endsAt),
    active: p.active,
    status: live
      ? "live"
      : p.active && p.startsAt && p.startsAt > now && (!p.endsAt || p.endsAt > now)
        ? "scheduled"
        : "off",
  };
}

const audited = ({ status: _s, ...rest }: AdminPromotion) => rest;

function requireManager(s: Staff) {
  if (!hasRole(s.role, "manager")) throw forbidden("Only managers and admins manage promotions.");
}

/** The body as columns, after checking that its scope and gift name real records. */
async function termsOf(tx: DbOrTx, body: unknown): Promise<repo.PromotionTerms> {
  const b = parseInput(promotionBody, body);
  if (b.scope !== "all") {
    const ids = [...new Set(b.scopeIds)];
    if ((await repo.countScope(tx, b.scope, ids)) !== ids.length)
      throw badRequest(`scopeIds: some of these ${b.scope} ids name no ${b.scope}`);
  }
  if (b.kind === "free_gift" && b.giftVariantId && !(await repo.variantExists(tx, b.giftVariantId)))
    throw badRequest("giftVariantId: no variant has this id");
  const keeps = (k: boolean, v: number | null) => (k ? v : null);
  return {
    name: b.name,
    kind: b.kind,
    value: keeps(b.kind === "percentage" || b.kind === "fixed", b.value),
    maxDiscount: b.maxDiscount,
    minCartValue: b.minCartValue,
    scope: b.scope,
    scopeIds: b.scope === "all" ? [] : [...new Set(b.scopeIds)],
    buyQty: keeps(b.kind === "buy_x_get_y", b.buyQty),
    getQty: keeps(b.kind === "buy_x_get_y", b.getQty),
    giftVariantId: b.kind === "free_gift" ? b.giftVariantId : null,
    startsAt: b.startsAt ? new Date(b.startsAt) : null,
    endsAt: b.endsAt ? new Date(b.endsAt) : null,
    active: b.active,
  };
}

/**
 * Automatic promotions in the back-office (decision 061): each change and its audit entry are
 * one transaction; after the commit the cache news drops every instance's cached promotions,
 * so the cart's next pricing anywhere uses the new terms.
 */
export function createStaffPromotions({
  db,
  audit,
  changed,
}: StaffWriterDeps): AdminPromotionsService {
  async function change(
    s: Staff,
    id: string,
    action: string,
    terms: (tx: DbOrTx) => Promise<Partial<repo.PromotionTerms>>,
  ) {
    requireManager(s);
    const view = await db.transaction(async (tx) => {
      const before = await repo.findForUpdate(tx, id);
      if (!before) throw notFound("This promotion could not be found");
      const after = await repo.update(tx, id, await terms(tx));
      if (!after) throw notFound("This promotion could not be found");
      const v = promotionView(after);
      await audit(tx, {
        actor: s,
        recordType: "promotion",
        recordId: id,
        action,
        before: audited(promotionView(before)),
        after: audited(v),
      });
      return v;
    });
    changed();
    return view;
  }

  return {
    async list(s) {
      requireManager(s);
      const now = new Date();
      return { promotions: (await repo.listAll(db, 500)).map((p) => promotionView(p, now)) };
    },

    async get(s, id) {
      requireManager(s);
      const p = await repo.findById(db, id);
      if (!p) throw notFound("This promotion could not be found");
      return promotionView(p);
    },

    async create(s, body) {
      requireManager(s);
      const view = await db.transaction(async (tx) => {
        const row = await repo.insert(tx, await termsOf(tx, body));
        if (!row) throw new Error("promotions: insert returned no row");
        const v = promotionView(row);
        await audit(tx, {
          actor: s,
          recordType: "promotion",
          recordId: row.id,
          action: "promotion_created",
          before: null,
          after: audited(v),
        });
        return v;
      });
      changed();
      return view;
    },

    update: (s, id, body) => change(s, id, "promotion_updated", (tx) => termsOf(tx, body)),
    switchOff: (s, id) => change(s, id, "promotion_switched_off", async () => ({ active: false })),
  };
}
