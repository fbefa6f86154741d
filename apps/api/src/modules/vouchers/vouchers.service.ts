import type { Cart } from "@maidan/contracts/cart";
import { AppError } from "@maidan/contracts/errors";
import { couponBody, type MyVouchers } from "@maidan/contracts/vouchers";
import type { Db, DbOrTx } from "@maidan/db/database";
import { badRequest, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { Scope } from "../promotions/promotion-rules.ts";
import { type Refusal, refusalOf, type VoucherTerms } from "./voucher-rules.ts";
import * as repo from "./vouchers.repository.ts";

const usedUp = () => new AppError("VOUCHER_USED_UP", "This voucher has been used up");
const usedByYou = () => new AppError("VOUCHER_USED_UP", "You have already used this voucher");
const refused = (no: Refusal) =>
  new AppError(no.status === 409 ? "VOUCHER_USED_UP" : "BAD_REQUEST", no.message);

/**
 * Coupon codes: applying one to a cart (checked against the cart's subtotal and the shopper's
 * uses), the cart's live coupon for pricing, redeeming it inside the order transaction, and
 * giving it back when the checkout is cancelled.
 */
export function createVoucherService(db: Db) {
  return {
    /**
     * The voucher a signed-in shopper may apply to this cart (`subtotal`: what the promotion
     * leaves of it; `base`: what a scope's lines give a voucher, cart-pricing's couponBaseIn),
     * or a 4xx why not.
     */
    async check(
      tx: DbOrTx,
      input: unknown,
      userId: string | null,
      cart: { subtotal: number; base: (scope: Scope) => number },
    ) {
      const { code } = parseInput(couponBody, input);
      if (!userId) throw badRequest("Sign in to use a voucher");
      const v = await repo.findByCode(tx, code);
      if (!v) throw notFound("This voucher code does not exist");
      const usedByUser = await repo.usesBy(tx, v.id, userId);
      const no = refusalOf(v, {
        now: new Date(),
        subtotal: cart.subtotal,
        usedByUser,
        inScope: cart.base(v),
      });
      if (no) throw refused(no);
      return v;
    },

    attach: (tx: DbOrTx, cartId: string, voucherId: string) => repo.attach(tx, cartId, voucherId),
    detach: (tx: DbOrTx, cartId: string) => repo.detach(tx, cartId),

    /** The cart's coupon terms while the voucher is still live, for pricing. */
    forCart: (tx: DbOrTx, cartId: string): Promise<VoucherTerms | null> =>
      repo.liveForCart(tx, cartId),

    /**
     * Redeems the priced cart's coupon in the order's transaction: the conditional increment
     * guards the total limit, the per-user slot row the shopper's. Either failing throws 409,
     * which rolls back the whole checkout (stock, wallet and all).
     */
    async redeem(
      tx: DbOrTx,
      c: {
        userId: string | null;
        priced: Cart;
        checkoutId: string;
        /** What a scope's lines give a voucher in this cart, to say why a scoped one gives nothing. */
        base?: (scope: Scope) => number;
      },
    ) {
      const coupon = c.priced.coupon;
      if (!coupon || c.priced.couponDiscount <= 0) {
        // A coupon the shopper applied that no longer applies stops the checkout with the
        // reason, rather than silently charging the full price.
        const attached = c.priced.cart_id ? await repo.attachedTo(tx, c.priced.cart_id) : null;
        if (!attached) return;
        const usedByUser = c.userId ? await repo.usesBy(tx, attached.id, c.userId) : 0;
        const no = refusalOf(attached, {
          now: new Date(),
          subtotal: c.priced.subtotal - c.priced.promotionDiscount,
          usedByUser,
          inScope: c.base ? c.base(attached) : 0,
        });
        throw no ? refused(no) : usedUp();
      }
      if (!c.userId) throw badRequest("Sign in to use a voucher");
      const v = await repo.findByCode(tx, coupon.code);
      if (!v || !(await repo.takeUse(tx, v.id))) throw usedUp();
      const ok = await repo.takeSlot(tx, {
        voucherId: v.id,
        userId: c.userId,
        checkoutId: c.checkoutId,
        discount: c.priced.couponDiscount,
      });
      if (!ok) throw usedByYou();
    },

    /** After an order of the checkout is cancelled: the use comes back once all are. */
    release: (tx: DbOrTx, checkoutId: string) => repo.releaseCheckout(tx, checkoutId),

    /** A cancellation re-priced the rest of the checkout: its coupon now takes `discount`. */
    reprice: (tx: DbOrTx, checkoutId: string, discount: number) =>
      repo.repriceCheckout(tx, checkoutId, discount),

    async mine(userId: string): Promise<MyVouchers> {
      const list = await repo.availableTo(db, userId);
      return {
        vouchers: list.map((v) => ({
          _id: v.id,
          code: v.code,
          description: v.description,
          kind: v.kind,
          value: v.value,
          maxDiscount: v.max_discount,
          minCartValue: v.min_cart_value,
          endsAt: v.ends_at ? new Date(v.ends_at).toISOString() : null,
          usesLeft: v.per_user_limit - v.mine,
          appliesTo: v.scope === "all" ? null : (v.applies_to ?? []),
        })),
      };
    },
  };
}

export type VoucherServiceImpl = ReturnType<typeof createVoucherService>;
