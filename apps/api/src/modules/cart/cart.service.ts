import {
  addBody,
  type Cart,
  type CartOwner,
  type CartService,
  containsQuery,
  setQtyBody,
  shippingBody,
  walletToggleBody,
} from "@maidan/contracts/cart";
import { AppError } from "@maidan/contracts/errors";
import type { Db, DbOrTx } from "@maidan/db/database";
import { badRequest, notFound } from "../../lib/errors.ts";
import { memo } from "../../lib/memo.ts";
import { parseInput } from "../../lib/parse.ts";
import type { LineRow } from "../../lib/sellable-line.ts";
import type { Promotion } from "../promotions/promotion-rules.ts";
import { activePromotions } from "../promotions/promotions.service.ts";
import type { VoucherTerms } from "../vouchers/voucher-rules.ts";
import type { VoucherServiceImpl } from "../vouchers/vouchers.service.ts";
import * as repo from "./cart.repository.ts";
import { couponBaseIn, priceCart, type ShippingRow, shippingChoices } from "./cart-pricing.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 409 with how many are left, so the shopper can act on it. */
export function stockConflict(stock: number, inCart = 0) {
  const message =
    stock <= 0
      ? "Sorry, this item is out of stock"
      : `Only ${stock} left in stock${inCart > 0 ? ` (you already have ${inCart} in your cart)` : ""}`;
  return new AppError("OUT_OF_STOCK", message);
}

const noSession = () => badRequest("No cart session: cookies must be enabled");

/**
 * Carts of signed-in users and of guests (the `guest` cookie). Quantities are checked against
 * stock on every change; prices are never stored, so the cart always shows today's prices.
 * Each change locks the cart row, so concurrent taps on "add" cannot lose an update.
 */
export function createCartService(
  db: Db,
  opts: {
    walletBalance?: (userId: string) => Promise<number>;
    /** Coupon codes on the cart (POST/DELETE /api/cart/coupon and the coupon in pricing). */
    vouchers?: VoucherServiceImpl;
    /**
     * How long the shipping table and the live promotions are reused between reads (0: read
     * them every time). Pricing needs them on every cart change and checkout; they change
     * rarely, and a promotion's own window is checked against the clock on every pricing.
     */
    cacheTtlMs?: number;
  } = {},
): CartService & {
  /**
   * The priced cart inside a transaction (orders re-price at checkout with it). `hasCoupon`
   * false skips looking for a coupon the caller knows is not there.
   */
  priced(
    tx: DbOrTx,
    cartId: string,
    city: string | null,
    methodId: string | null,
    hints?: { hasCoupon?: boolean; inputs?: (used: PricingInputs) => void },
  ): Promise<Cart>;
  /** Drops the cached shipping table and promotions (after they were changed). */
  invalidatePricing(): void;
} {
  const owned = (o: CartOwner) => {
    if (!o.userId && !o.guestId) throw noSession();
    return o;
  };
  const ttl = opts.cacheTtlMs ?? 0;
  const shippingMethods = memo(ttl, () => repo.activeShippingMethods(db));
  const promotions = memo(ttl, () => activePromotions(db));
  /**
   * The cached value, or a read on the caller's own connection. A transaction never waits for
   * the pool to fill a cold cache: with every connection held by a checkout, each waiting for
   * one more, they would all stall until the pool's connect timeout.
   */
  const cachedOr = <T>(
    cached: (() => Promise<T>) & { ready: () => boolean },
    read: () => Promise<T>,
  ) => {
    if (cached.ready()) return cached();
    // Filled on the pool meanwhile, not awaited: the next checkout finds it ready.
    if (ttl > 0) cached().catch(() => {});
    return read();
  };
  const methodsFor = (conn: DbOrTx) =>
    ttl > 0 && conn === db
      ? shippingMethods()
      : cachedOr(shippingMethods, () => repo.activeShippingMethods(conn));
  const promotionsFor = (conn: DbOrTx) =>
    ttl > 0 && conn === db ? promotions() : cachedOr(promotions, () => activePromotions(conn));

  async function priced(
    tx: DbOrTx,
    cartId: string | null,
    city: string | null,
    methodId: string | null,
    hints: {
      hasCoupon?: boolean;
      wallet?: { userId: string; use: boolean };
      inputs?: (used: PricingInputs) => void;
    } = {},
  ) {
    const { wallet } = hints;
    const vouchers = hints.hasCoupon === false ? undefined : opts.vouchers;
    // On the pool the reads run side by side; a transaction has one connection, so in turn.
    const [lines, methods, balance, coupon, promos] = await reads(tx === db, [
      () => (cartId ? repo.cartLines(tx, cartId) : Promise.resolve([])),
      () => methodsFor(tx),
      () => (wallet && opts.walletBalance ? opts.walletBalance(wallet.userId) : Promise.resolve(0)),
      () => (cartId && vouchers ? vouchers.forCart(tx, cartId) : Promise.resolve(null)),
      () => (cartId ? promotionsFor(tx) : Promise.resolve([])),
    ] as const);
    hints.inputs?.({ lines, methods, coupon, promotions: promos });
    return priceCart({
      cartId,
      lines,
      methods,
      chosenMethodId: methodId,
      city,
      wallet: wallet ? { balance, use: wallet.use } : undefined,
      coupon,
      promotions: promos,
    });
  }

  /** The owner's cart priced, from its row when the caller already has it. */
  const pricedFor = (owner: CartOwner, cart: (repo.CartRow & { has_coupon?: boolean }) | null) =>
    priced(db, cart?.id ?? null, cart?.shipping_city ?? null, cart?.shipping_method_id ?? null, {
      hasCoupon: cart?.has_coupon,
      wallet: owner.userId ? { userId: owner.userId, use: cart?.use_wallet ?? false } : undefined,
    });

  async function get(owner: CartOwner): Promise<Cart> {
    if (!owner.userId && !owner.guestId) return priced(db, null, null, null);
    return pricedFor(owner, await repo.findCart(db, owner.userId, owner.guestId));
  }

  /**
   * Runs a change on the owner's cart (created if need be, and locked for the transaction), then
   * answers the whole cart. `fn` returns the cart row as the change left it.
   */
  async function changeRow(
    owner: CartOwner,
    fn: (tx: DbOrTx, cart: repo.CartRow) => Promise<repo.CartRow | null>,
  ) {
    const o = owned(owner);
    const cart = await db.transaction(async (tx) =>
      fn(tx, await repo.openCart(tx, o.userId, o.guestId)),
    );
    return pricedFor(o, cart);
  }

  /** A change to the cart's lines or coupon (the cart row itself stays as it was). */
  const change = (owner: CartOwner, fn: (tx: DbOrTx, cart: repo.CartRow) => Promise<void>) =>
    changeRow(owner, async (tx, cart) => {
      await fn(tx, cart);
      return cart;
    });

  async function sellableVariant(tx: DbOrTx, variantId: string, productId?: string) {
    if (!UUID.test(variantId)) throw notFound("Product not found");
    const v = await repo.findVariant(tx, variantId);
    if (!v || (productId && v.product_id !== productId)) throw notFound("Product not found");
    return v;
  }

  /** A positive add: one statement (repo.addUnits), then the cart priced from the pool. */
  async function addUnits(owner: CartOwner, vid: string, pid: string, units: number) {
    const o = owned(owner);
    const r = await repo.addUnits(db, o, { variantId: vid, productId: pid, units });
    if (r.cart) return pricedFor(o, r.cart);
    const v = r.variant;
    if (!v) throw notFound("Product not found");
    if (!v.sellable) throw stockConflict(0);
    const cart = await repo.findCart(db, o.userId, o.guestId);
    if (!cart && v.stock >= units) throw new Error("cart: guest id belongs to a signed-in cart");
    throw stockConflict(v.stock, cart ? await repo.lineQty(db, cart.id, v.id) : 0);
  }

  return {
    priced: (tx, cartId, city, methodId, hints) => priced(tx, cartId, city, methodId, hints),
    invalidatePricing() {
      shippingMethods.invalidate();
      promotions.invalidate();
    },
    get,
    add(owner, input) {
      const b = parseInput(addBody, input);
      if (!UUID.test(b.vid)) throw notFound("Product not found");
      if (b.qty > 0) return addUnits(owner, b.vid, b.pid, b.qty);
      // A decrease is never refused for stock; at 0 or below the line goes.
      return change(owner, async (tx, cart) => {
        const v = await repo.variantInCart(tx, cart.id, b.vid);
        if (!v || v.product_id !== b.pid) throw notFound("Product not found");
        const next = v.in_cart + b.qty;
        if (next <= 0) return repo.deleteLine(tx, cart.id, v.id);
        await repo.setLine(tx, cart.id, { variantId: v.id, productId: v.product_id, qty: next });
      });
    },
    setQty(owner, variantId, input) {
      const b = parseInput(setQtyBody, input);
      return change(owner, async (tx, cart) => {
        const v = await sellableVariant(tx, variantId);
        if (!v.sellable || b.qty > v.stock) throw stockConflict(v.sellable ? v.stock : 0);
        await repo.setLine(tx, cart.id, { variantId: v.id, productId: v.product_id, qty: b.qty });
      });
    },
    remove(owner, variantId) {
      if (!UUID.test(variantId)) throw notFound("Product not found");
      return change(owner, (tx, cart) => repo.deleteLine(tx, cart.id, variantId));
    },
    async contains(owner, input) {
      const q = parseInput(containsQuery, input);
      const cart =
        owner.userId || owner.guestId ? await repo.findCart(db, owner.userId, owner.guestId) : null;
      if (!cart) return { inCart: false, qty: 0 };
      const qty = q.vid
        ? await repo.lineQty(db, cart.id, q.vid)
        : await repo.productQty(db, cart.id, q.pid);
      return { inCart: qty > 0, qty };
    },
    async shippingOptions(owner, city) {
      const cart = await get(owner);
      const methods = await methodsFor(db);
      return shippingChoices(methods, city ?? cart.city, cart.discountedSubtotal);
    },
    setShipping(owner, input) {
      const b = parseInput(shippingBody, input);
      return changeRow(owner, async (tx, cart) => {
        if (b.methodId) {
          const now = await priced(tx, cart.id, b.city ?? cart.shipping_city, null);
          const methods = await methodsFor(tx);
          const city = b.city ?? now.city;
          const ok = shippingChoices(methods, city, now.discountedSubtotal).some(
            (m) => m._id === b.methodId,
          );
          if (!ok)
            throw badRequest(`This shipping method does not deliver to ${city ?? "your city"}`);
        }
        return repo.setShipping(tx, cart.id, b.methodId, b.city);
      });
    },
    setUseWallet(owner, input) {
      const b = parseInput(walletToggleBody, input);
      if (!owner.userId) throw badRequest("Sign in to use your wallet balance");
      return changeRow(owner, (tx, cart) => repo.setUseWallet(tx, cart.id, b.useWallet));
    },
    applyCoupon(owner, input) {
      const { vouchers } = opts;
      if (!vouchers) throw notFound("Vouchers are not available");
      return change(owner, async (tx, cart) => {
        // The coupon applies to what the automatic promotion leaves (decision 014), of the
        // lines in its scope (decision 064).
        let used: Pick<PricingInputs, "lines" | "promotions"> = { lines: [], promotions: [] };
        const now = await priced(tx, cart.id, null, null, {
          inputs: (i) => {
            used = i;
          },
        });
        const subtotal = now.subtotal - now.promotionDiscount;
        const v = await vouchers.check(tx, input, owner.userId, {
          subtotal,
          base: couponBaseIn(used, now),
        });
        await vouchers.attach(tx, cart.id, v.id);
      });
    },
    removeCoupon(owner) {
      const { vouchers } = opts;
      if (!vouchers) throw notFound("Vouchers are not available");
      return change(owner, (tx, cart) => vouchers.detach(tx, cart.id).then(() => undefined));
    },
    async mergeGuest(userId, guestId) {
      if (guestId) {
        await db.transaction(async (tx) => {
          const guest = await repo.findCart(tx, null, guestId);
          if (!guest) return;
          // Merges lock the account cart first, then the guest's, so two never deadlock.
          const mine = await repo.openCart(tx, userId, null);
          await repo.lockCart(tx, guest.id);
          for (const line of await repo.cartLines(tx, guest.id)) {
            const have = await repo.lineQty(tx, mine.id, line.variant_id);
            const qty = Math.min(line.stock, have + line.qty);
            if (line.sellable && qty > have)
              await repo.setLine(tx, mine.id, {
                variantId: line.variant_id,
                productId: line.product_id,
                qty,
              });
          }
          if (!mine.shipping_city && guest.shipping_city)
            await repo.setShipping(tx, mine.id, guest.shipping_method_id, guest.shipping_city);
          await repo.deleteCart(tx, guest.id);
        });
      }
      return get({ userId, guestId: null });
    },
  };
}

export type CartServiceImpl = ReturnType<typeof createCartService>;

/** What a pricing read: the orders of a checkout keep the terms they were priced with (decision 029). */
export type PricingInputs = {
  lines: LineRow[];
  methods: ShippingRow[];
  coupon: VoucherTerms | null;
  promotions: Promotion[];
};

type Read = () => Promise<unknown>;
type ReadResults<T extends readonly Read[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
};

/** Runs reads together, or one after another (a transaction's connection takes one at a time). */
async function reads<T extends readonly Read[]>(
  together: boolean,
  fns: T,
): Promise<ReadResults<T>> {
  if (together) return (await Promise.all(fns.map((f) => f()))) as ReadResults<T>;
  const out: unknown[] = [];
  for (const f of fns) out.push(await f());
  return out as ReadResults<T>;
}
