import type { DbOrTx } from "@maidan/db/database";
import { hotRow, hotRows } from "@maidan/db/prepared";
import { first } from "@maidan/db/raw-rows";
import { sql } from "drizzle-orm";

/*
 * The checkout's own records: the idempotency key's lock, the request recorded under it
 * (`checkout_requests`) and the owner's cart locked for the checkout and deleted by it.
 */

export type RequestRow = { body_hash: string; response: unknown; created_at: Date };

export type CheckoutCart = {
  id: string;
  shipping_method_id: string | null;
  use_wallet: boolean;
  has_coupon: boolean;
};

/**
 * The start of a checkout in one statement. First a transaction-scoped advisory lock on the
 * idempotency key (`locked` false: another request with the same key is in flight, and the
 * caller answers 409 instead of waiting); then, only once it is held, the owner's cart locked
 * for the rest of the transaction (null when there is none) and the request already recorded
 * under `key` (null when there is none, or no key is known yet). The reads are correlated with
 * the lock's row, so PostgreSQL runs them after it, and not at all when it was not taken.
 */
export const openCheckout = (
  tx: DbOrTx,
  lockId: bigint,
  owner: { userId: string | null; guestId: string | null },
  key: string | null,
) =>
  hotRow<{ locked: boolean; cart: CheckoutCart | null; prior: RequestRow | null }>(
    tx,
    owner.userId ? "checkout_open_user" : "checkout_open_guest",
    sql`select l.ok as locked,
      (select row_to_json(c) from (
        select id, shipping_method_id, use_wallet,
          exists (select 1 from cart_coupons cc where cc.cart_id = carts.id) as has_coupon
        from carts
        where l.ok and ${owner.userId ? sql`user_id = ${owner.userId}` : sql`guest_id = ${owner.guestId} and user_id is null`}
        for update of carts) c) as cart,
      (select row_to_json(r) from (
        select body_hash, response, created_at from checkout_requests
        where l.ok and key = ${key}) r) as prior
    from (select pg_try_advisory_xact_lock(${lockId.toString()}::bigint) as ok offset 0) l`,
  ).then((r) => ({
    locked: r?.locked === true,
    cart: r?.cart ?? null,
    prior: r?.prior ?? null,
  }));

export const recentRequest = (tx: DbOrTx, owner: string, bodyHash: string, minutes: number) =>
  first<RequestRow>(
    tx,
    sql`select body_hash, response, created_at from checkout_requests
      where owner = ${owner} and body_hash = ${bodyHash} and created_at > now() - make_interval(mins => ${minutes})
      order by created_at desc limit 1`,
  );

/** Ends a checkout in one statement: the cart is deleted and the answer recorded under its key. */
export const finishCheckout = (
  tx: DbOrTx,
  cartId: string,
  r: { key: string; owner: string; bodyHash: string; checkoutId: string; response: unknown },
) =>
  hotRows(
    tx,
    "checkout_finish",
    sql`with gone as (delete from carts where id = ${cartId})
    insert into checkout_requests (key, owner, body_hash, checkout_id, response)
    values (${r.key}, ${r.owner}, ${r.bodyHash}, ${r.checkoutId}, ${JSON.stringify(r.response)}::jsonb)`,
  );
