import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import { sql } from "drizzle-orm";
import { widenedScopeIds } from "../../lib/scope-sql.ts";
import type { VoucherState } from "./voucher-rules.ts";

export type VoucherRow = VoucherState & { description: string };

/** A category scope comes widened to its subcategories (scope-sql.ts). */
const COLUMNS = sql`v.id, v.code, v.description, v.kind, v.value, v.max_discount, v.min_cart_value,
  v.active, v.starts_at, v.ends_at, v.usage_limit, v.used, v.per_user_limit, v.scope,
  ${widenedScopeIds(sql`v.scope`, sql`v.scope_ids`)} as scope_ids`;
/** Usable by anyone right now (the per-user limit is checked separately). */
const LIVE = sql`v.active and (v.starts_at is null or v.starts_at <= now())
  and (v.ends_at is null or v.ends_at > now()) and (v.usage_limit is null or v.used < v.usage_limit)`;

export const findByCode = (db: DbOrTx, code: string) =>
  first<VoucherRow>(
    db,
    sql`select ${COLUMNS} from vouchers v where v.code = ${code.toUpperCase()}`,
  );

export const usesBy = (db: DbOrTx, voucherId: string, userId: string) =>
  first<{ n: number }>(
    db,
    sql`select count(*)::int as n from voucher_redemptions where voucher_id = ${voucherId} and user_id = ${userId}`,
  ).then((r) => r?.n ?? 0);

export const attach = (db: DbOrTx, cartId: string, voucherId: string) =>
  db.execute(sql`insert into cart_coupons (cart_id, voucher_id) values (${cartId}, ${voucherId})
    on conflict (cart_id) do update set voucher_id = excluded.voucher_id`);

export const detach = (db: DbOrTx, cartId: string) =>
  db.execute(sql`delete from cart_coupons where cart_id = ${cartId}`);

/** The cart's coupon while it is still live (an expired or used-up one simply stops applying). */
export const liveForCart = (db: DbOrTx, cartId: string) =>
  first<VoucherRow>(
    db,
    sql`select ${COLUMNS} from cart_coupons cc join vouchers v on v.id = cc.voucher_id
      where cc.cart_id = ${cartId} and ${LIVE}`,
  );

/** The cart's coupon whether or not it still applies (to say why at checkout). */
export const attachedTo = (db: DbOrTx, cartId: string) =>
  first<VoucherRow>(
    db,
    sql`select ${COLUMNS} from cart_coupons cc join vouchers v on v.id = cc.voucher_id where cc.cart_id = ${cartId}`,
  );

/** The one conditional increment that guards the last use; false when it is gone. */
export const takeUse = async (db: DbOrTx, voucherId: string) =>
  (
    await rows(
      db,
      sql`update vouchers v set used = used + 1 where v.id = ${voucherId} and ${LIVE} returning v.id`,
    )
  ).length > 0;

/**
 * Takes the lowest free per-user slot (1..per_user_limit). Two concurrent checkouts of one user
 * pick the same slot and meet on the unique key: one inserts, the other gets no row.
 */
export const takeSlot = async (
  db: DbOrTx,
  r: { voucherId: string; userId: string; checkoutId: string; discount: number },
) =>
  (
    await rows(
      db,
      sql`insert into voucher_redemptions (voucher_id, user_id, use_no, checkout_id, discount)
      select ${r.voucherId}, ${r.userId}, n, ${r.checkoutId}, ${r.discount}
      from vouchers v, generate_series(1, v.per_user_limit) n
      where v.id = ${r.voucherId} and n not in (
        select use_no from voucher_redemptions where voucher_id = ${r.voucherId} and user_id = ${r.userId})
      order by n limit 1
      on conflict (voucher_id, user_id, use_no) do nothing returning id`,
    )
  ).length > 0;

/**
 * Gives back the uses of a checkout once all its orders are cancelled. The delete answers each
 * redemption once, so a second cancel (or a retry) finds nothing and `used` drops only once.
 */
export async function releaseCheckout(db: DbOrTx, checkoutId: string) {
  const gone = await rows<{ voucher_id: string }>(
    db,
    sql`delete from voucher_redemptions r where r.checkout_id = ${checkoutId}
      and not exists (select 1 from orders o where o.checkout_id = ${checkoutId} and o.status <> 'cancelled')
      returning r.voucher_id`,
  );
  for (const g of gone)
    await db.execute(
      sql`update vouchers set used = used - 1 where id = ${g.voucher_id} and used > 0`,
    );
  return gone.length;
}

/**
 * A cancellation re-priced what remains of a checkout (decision 029): its coupon now takes
 * `discount`. At 0 the use comes back, as when every order is cancelled.
 */
export async function repriceCheckout(db: DbOrTx, checkoutId: string, discount: number) {
  if (discount > 0) {
    await db.execute(
      sql`update voucher_redemptions set discount = ${discount} where checkout_id = ${checkoutId}`,
    );
    return 0;
  }
  const gone = await rows<{ voucher_id: string }>(
    db,
    sql`delete from voucher_redemptions where checkout_id = ${checkoutId} returning voucher_id`,
  );
  for (const g of gone)
    await db.execute(
      sql`update vouchers set used = used - 1 where id = ${g.voucher_id} and used > 0`,
    );
  return gone.length;
}

/**
 * Live vouchers this user still has uses of, soonest ending first, with the names of the
 * categories or products a scoped one applies to (as chosen, not widened).
 */
export const availableTo = (db: DbOrTx, userId: string) =>
  rows<VoucherRow & { mine: number; applies_to: string[] | null }>(
    db,
    sql`select ${COLUMNS}, (select count(*)::int from voucher_redemptions r
        where r.voucher_id = v.id and r.user_id = ${userId}) as mine,
      case v.scope
        when 'category' then (select array_agg(c.name order by c.name) from categories c
          where c.id = any(v.scope_ids))
        when 'product' then (select array_agg(p.name order by p.name) from products p
          where p.id = any(v.scope_ids) and p.active)
      end as applies_to
      from vouchers v where ${LIVE}
      order by v.ends_at nulls last, v.code`,
  ).then((list) => list.filter((v) => v.mine < v.per_user_limit));
