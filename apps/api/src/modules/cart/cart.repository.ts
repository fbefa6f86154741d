import type { DbOrTx } from "@maidan/db/database";
import { hotRows } from "@maidan/db/prepared";
import { first, rows } from "@maidan/db/raw-rows";
import { type SQL, sql } from "drizzle-orm";
import { type LineRow, lineColumns } from "../../lib/sellable-line.ts";
import type { ShippingRow } from "./cart-pricing.ts";

export type CartRow = {
  id: string;
  shipping_method_id: string | null;
  shipping_city: string | null;
  use_wallet: boolean;
};

export type VariantRow = {
  id: string;
  product_id: string;
  stock: number;
  sellable: boolean;
};

const ownerWhere = (userId: string | null, guestId: string | null) =>
  userId ? sql`user_id = ${userId}` : sql`guest_id = ${guestId} and user_id is null`;

const CART_COLUMNS = sql`id, shipping_method_id, shipping_city, use_wallet`;

/** The owner's cart; `forUpdate` also locks it for the rest of the transaction. */
export const findCart = (
  db: DbOrTx,
  userId: string | null,
  guestId: string | null,
  opts: { forUpdate?: boolean } = {},
) =>
  first<CartRow>(
    db,
    sql`select ${CART_COLUMNS} from carts where ${ownerWhere(userId, guestId)}${opts.forUpdate ? sql` for update` : sql``}`,
  );

/**
 * Creates the owner's cart on first use, or touches it, taking its row lock; `when` (a condition
 * over the current snapshot) can hold the insert back. A guest id that a signed-in cart took
 * returns no row.
 */
const upsertCart = (userId: string | null, guestId: string | null, when: SQL = sql`true`) =>
  userId
    ? sql`insert into carts (user_id) select ${userId}::uuid where ${when}
        on conflict (user_id) do update set updated_at = now() returning ${CART_COLUMNS}`
    : sql`insert into carts (guest_id) select ${guestId}::text where ${when}
        on conflict (guest_id) do update set updated_at = now() where carts.user_id is null
        returning ${CART_COLUMNS}`;

/**
 * The owner's cart, created on first use and locked in one statement: the upsert takes the row
 * lock (so concurrent changes to one cart queue here) and marks the cart as touched.
 */
export async function openCart(db: DbOrTx, userId: string | null, guestId: string | null) {
  const cart = await first<CartRow>(db, upsertCart(userId, guestId));
  if (!cart) throw new Error("cart: guest id belongs to a signed-in cart");
  return cart;
}

/** What `addUnits` did: the cart (null when nothing was written) and the variant it looked at. */
export type AddOutcome = {
  cart: (CartRow & { has_coupon: boolean }) | null;
  /** The line's quantity after the add; null when nothing was written. */
  qty: number | null;
  variant: VariantRow | null;
};

/**
 * Adds `units` (> 0) of a variant in ONE statement, so it needs no transaction: the cart is
 * created or touched, and the line inserted or raised atomically (`qty = qty + units` on the
 * latest row version, so concurrent adds never lose a unit), but only while the result stays
 * within stock. When the variant is unknown, not of `productId`, not sellable or short of stock,
 * nothing is written (not even a new cart) and the caller learns why from `variant`.
 */
export async function addUnits(
  db: DbOrTx,
  owner: { userId: string | null; guestId: string | null },
  item: { variantId: string; productId: string | null; units: number },
): Promise<AddOutcome> {
  const { units } = item;
  const [row] = await hotRows<{
    cart: (CartRow & { has_coupon: boolean }) | null;
    qty: number | null;
    variant: VariantRow | null;
  }>(
    db,
    owner.userId ? "cart_add_units_user" : "cart_add_units_guest",
    sql`with v as (
      select v.id, v.product_id, v.stock, (v.active and p.active) as sellable
      from variants v join products p on p.id = v.product_id
      where v.id = ${item.variantId}
        and (${item.productId}::uuid is null or v.product_id = ${item.productId}::uuid)
    ), cart as (
      ${upsertCart(owner.userId, owner.guestId, sql`exists (select 1 from v where v.sellable and v.stock >= ${units})`)}
    ), line as (
      insert into cart_items (cart_id, variant_id, product_id, qty)
      select cart.id, v.id, v.product_id, ${units} from cart, v
      on conflict (cart_id, variant_id) do update set qty = cart_items.qty + excluded.qty
        where cart_items.qty + excluded.qty <= (select stock from v)
      returning qty
    )
    select
      (select row_to_json(c) from (select cart.*, exists (
        select 1 from cart_coupons cc where cc.cart_id = cart.id) as has_coupon from cart) c) as cart,
      (select qty from line) as qty,
      (select row_to_json(v) from v) as variant`,
  );
  if (!row || row.qty === null) return { cart: null, qty: null, variant: row?.variant ?? null };
  return { cart: row.cart, qty: row.qty, variant: row.variant };
}

/** A variant with what the cart already holds of it, for one add. */
export const variantInCart = (db: DbOrTx, cartId: string, variantId: string) =>
  first<VariantRow & { in_cart: number }>(
    db,
    sql`select v.id, v.product_id, v.stock, (v.active and p.active) as sellable,
      coalesce(ci.qty, 0) as in_cart
      from variants v join products p on p.id = v.product_id
      left join cart_items ci on ci.cart_id = ${cartId} and ci.variant_id = v.id
      where v.id = ${variantId}`,
  );

export const lockCart = (db: DbOrTx, cartId: string) =>
  db.execute(sql`select id from carts where id = ${cartId} for update`);

/**
 * The cart's lines with today's catalogue data. Each line looks its variant up by key (the
 * LATERAL with LIMIT keeps the planner from turning this into a join over the whole catalogue
 * when cart_items has no fresh statistics, which cost ~15x on a busy shop right after a bulk load).
 */
export const cartLines = (db: DbOrTx, cartId: string) =>
  hotRows<LineRow>(
    db,
    "cart_lines",
    sql`select l.*, ci.qty
    from cart_items ci
    cross join lateral (select ${lineColumns}
      from variants v
      join products p on p.id = v.product_id
      join vendors ve on ve.id = p.vendor_id
      where v.id = ci.variant_id limit 1) l
    where ci.cart_id = ${cartId}
    order by ci.created_at, ci.variant_id`,
  );

export const findVariant = (db: DbOrTx, variantId: string) =>
  first<VariantRow>(
    db,
    sql`select v.id, v.product_id, v.stock, (v.active and p.active) as sellable
      from variants v join products p on p.id = v.product_id where v.id = ${variantId}`,
  );

export const lineQty = (db: DbOrTx, cartId: string, variantId: string) =>
  first<{ qty: number }>(
    db,
    sql`select qty from cart_items where cart_id = ${cartId} and variant_id = ${variantId}`,
  ).then((r) => r?.qty ?? 0);

export const productQty = (db: DbOrTx, cartId: string, productId: string) =>
  first<{ qty: number }>(
    db,
    sql`select coalesce(sum(qty), 0)::int as qty from cart_items where cart_id = ${cartId} and product_id = ${productId}`,
  ).then((r) => r?.qty ?? 0);

export async function setLine(
  db: DbOrTx,
  cartId: string,
  line: { variantId: string; productId: string; qty: number },
) {
  await db.execute(sql`insert into cart_items (cart_id, variant_id, product_id, qty)
    values (${cartId}, ${line.variantId}, ${line.productId}, ${line.qty})
    on conflict (cart_id, variant_id) do update set qty = excluded.qty`);
}

export async function deleteLine(db: DbOrTx, cartId: string, variantId: string) {
  await db.execute(
    sql`delete from cart_items where cart_id = ${cartId} and variant_id = ${variantId}`,
  );
}

export const setShipping = (
  db: DbOrTx,
  cartId: string,
  methodId: string | null | undefined,
  city: string | null | undefined,
) =>
  first<CartRow>(
    db,
    sql`update carts set
    shipping_method_id = ${methodId === undefined ? sql`shipping_method_id` : methodId},
    shipping_city = ${city === undefined ? sql`shipping_city` : city},
    updated_at = now() where id = ${cartId} returning ${CART_COLUMNS}`,
  );

export const setUseWallet = (db: DbOrTx, cartId: string, on: boolean) =>
  first<CartRow>(
    db,
    sql`update carts set use_wallet = ${on}, updated_at = now() where id = ${cartId}
    returning ${CART_COLUMNS}`,
  );

export const deleteCart = (db: DbOrTx, cartId: string) =>
  db.execute(sql`delete from carts where id = ${cartId}`);

export const activeShippingMethods = (db: DbOrTx) =>
  rows<ShippingRow>(
    db,
    sql`select id, name, carrier, charge, free_above, min_order_value, cities, eta_days, is_default
      from shipping_methods where active order by is_default desc, sort, name`,
  );
