import { AppError } from "@maidan/contracts/errors";
import {
  type AdminFreebieClaimService,
  type FreebieClaimService,
  type FreebieService,
  freebieClaimBody,
} from "@maidan/contracts/freebies";
import { rupees } from "@maidan/contracts/money";
import { CANCELLABLE } from "@maidan/contracts/orders";
import type { Db, DbOrTx } from "@maidan/db/database";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { Events } from "../events/events.ts";
import * as claims from "../freebies/freebies.service.ts";
import * as stock from "../inventory/inventory.service.ts";
import * as orderService from "../orders/order-records.service.ts";

/**
 * Freebie claims as a checkout step (decision 057): a claim takes its unit from stock at once
 * (inventory, in the lock order of decision 029), so it is never sold to anyone else; the
 * shopper's next order that meets the campaign's terms carries it as a Rs. 0 line
 * (`freebieLines` in place-order.ts); cancelling that order cancels the claim, its unit going
 * back with the order's (`cancelIn`); the shopper may give it back before it ships.
 */

const gone = () => notFound("This freebie claim could not be found");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The storefront calls in-process with the address's id: anything but a uuid is no claim. */
const claimKey = (id: string) => {
  if (!UUID.test(id)) throw gone();
  return id;
};

export type ClaimDeps = {
  db: Db;
  /** The campaign and the shopper's standing against its terms (the cart, their orders). */
  freebies: FreebieService;
  stockChanged?: (productIds: string[]) => void;
  /** `freebie.expired`, for the shopper's notification. */
  events?: Events;
};

/** The hourly sweep of claims that waited too long for an order. */
export const FREEBIE_EXPIRY_QUEUE = "freebies.expire-claims";
/** Claims ended per transaction by the expiry sweep; the sweep goes on until none is left. */
const EXPIRE_BATCH = 100;

export function createFreebieClaims(deps: ClaimDeps): FreebieClaimService & {
  staff: AdminFreebieClaimService;
  expireStale(days: number): Promise<number>;
} {
  const { db } = deps;
  const view = async (userId: string, claimId: string) => {
    const c = await claims.claimOf(db, userId, claimKey(claimId));
    if (!c) throw gone();
    return c;
  };
  return {
    async claim(userId, idOrSlug, input) {
      const body = parseInput(freebieClaimBody, input);
      const found = await deps.freebies.detail(idOrSlug, userId);
      if (!found?.viewer) throw notFound("This freebie could not be found");
      const v = found.viewer;
      if (v.claim) throw conflict("You have already claimed this freebie");
      if (!v.firstOrderMet) throw badRequest("This freebie is for a first order only");
      if (v.remaining > 0)
        throw badRequest(
          `Add ${rupees(v.remaining)} more to your cart to claim this freebie (minimum ${rupees(found.minOrderValue)})`,
        );
      const claimId = await db.transaction(async (tx) => {
        if (!(await claims.isOffered(tx, found._id, body.productId, body.variantId)))
          throw badRequest("That product is not offered by this freebie");
        await stock.lockProducts(tx, [body.productId]);
        if (!(await stock.takeStock(tx, body.variantId, 1)))
          throw new AppError("OUT_OF_STOCK", "Sorry, this free product has run out.");
        const id = await claims.insertClaim(tx, {
          freebieId: found._id,
          userId,
          productId: body.productId,
          variantId: body.variantId,
        });
        // A second claim of the same shopper racing this one: the unique index refuses it.
        if (!id) throw conflict("You have already claimed this freebie");
        return id;
      });
      deps.stockChanged?.([body.productId]);
      return view(userId, claimId);
    },

    mine: (userId) => claims.claimsOf(db, userId),
    one: view,

    async cancel(userId, claimId) {
      claimKey(claimId);
      const productId = await db.transaction(async (tx) => {
        // The lock order of decision 029: the order (when in one), its products, then the claim.
        const seen = await claims.claimOf(tx, userId, claimId);
        if (!seen) throw gone();
        const order = seen.order ? await lockOrderOf(tx, userId, seen.order._id) : null;
        const c = await claims.lockClaim(tx, userId, claimId);
        if (!c) throw gone();
        if (c.status === "cancelled") throw conflict("This freebie claim is already cancelled");
        if (c.status === "ordered" && order) await takeOffOrder(tx, order, c);
        else
          await stock.returnStock(tx, [{ variantId: c.variantId, productId: c.productId, qty: 1 }]);
        await claims.setCancelled(tx, c.id, "Cancelled by you");
        return c.productId;
      });
      deps.stockChanged?.([productId]);
      return view(userId, claimId);
    },

    staff: { list: (opts) => claims.allClaims(db, opts) },

    /**
     * The schedule's sweep: claims still waiting for an order after `days` days end, each unit
     * back in stock and the shopper told (`freebie.expired`), in the lock order of `cancel`
     * (the claim, then its product). A claim that joined an order meanwhile is left alone.
     * Answers how many ended.
     */
    async expireStale(days) {
      let ended = 0;
      for (;;) {
        const stale = await claims.staleClaims(db, days, EXPIRE_BATCH);
        if (stale.length === 0) return ended;
        const products = await db.transaction(async (tx) => {
          const back: string[] = [];
          for (const s of stale) {
            const c = await claims.lockClaim(tx, s.userId, s.id);
            if (c?.status !== "claimed") continue;
            await stock.returnStock(tx, [
              { variantId: c.variantId, productId: c.productId, qty: 1 },
            ]);
            await claims.setCancelled(tx, c.id, `Not ordered within ${days} days`);
            await deps.events?.emit(tx, "freebie.expired", c.id, {
              userId: s.userId,
              claimId: c.id,
              productName: s.productName,
              productSlug: s.productSlug,
              days,
            });
            back.push(c.productId);
          }
          return back;
        });
        ended += products.length;
        if (products.length) deps.stockChanged?.(products);
        if (stale.length < EXPIRE_BATCH) return ended;
      }
    },
  };
}

export type FreebieClaimsImpl = ReturnType<typeof createFreebieClaims>;

/** The claim's order, with its checkout's orders and their products locked (decision 029). */
async function lockOrderOf(tx: DbOrTx, userId: string, orderId: string) {
  const found = await orderService.findOrder(tx, userId, null, orderId);
  if (!found) return null;
  const list = await orderService.checkoutOrders(tx, found.checkout_id, true);
  await stock.lockProductsOfOrders(
    tx,
    list.map((o) => o.id),
  );
  return list.find((o) => o.id === orderId) ?? null;
}

/**
 * A claim in an order comes off it before it ships: its Rs. 0 line is deleted (the order's
 * money does not change, its unit count does) and the unit goes back to stock.
 */
async function takeOffOrder(
  tx: DbOrTx,
  order: orderService.OrderRow,
  c: { productId: string; variantId: string },
) {
  if (!CANCELLABLE.includes(order.status))
    throw conflict("This freebie has left the warehouse and can no longer be cancelled");
  const line = (await orderService.orderItemsOf(tx, order.id)).find(
    (i) => i.variant_id === c.variantId && i.price === 0 && !i.gift,
  );
  if (line) {
    await orderService.deleteItem(tx, line.id);
    await orderService.setAmounts(tx, order.id, {
      discount: order.discount,
      promotionDiscount: order.promotion_discount,
      promotion: order.promotion,
      shipping: order.shipping,
      total: order.total,
      qtyLess: line.qty,
    });
    await orderService.insertEvent(
      tx,
      order.id,
      order.status,
      `Free ${line.name} taken off at the shopper's request`,
    );
  }
  await stock.returnStock(tx, [{ variantId: c.variantId, productId: c.productId, qty: 1 }]);
}

export type ClaimLine = Awaited<ReturnType<typeof claims.lockOpenClaims>>[number];

/**
 * In the place-order transaction: the shopper's open claims whose terms this checkout meets
 * (its subtotal against the minimum; a first-order campaign only if they have no other order),
 * locked. Their units were taken when claimed, so no stock is taken here. The others stay open.
 */
export async function claimsForCheckout(
  tx: DbOrTx,
  userId: string | null,
  subtotal: number,
): Promise<ClaimLine[]> {
  if (!userId) return [];
  const open = await claims.lockOpenClaims(tx, userId);
  if (open.length === 0) return [];
  const ordered = open.some((c) => c.firstOrderOnly)
    ? await claims.hasOrderedIn(tx, userId)
    : false;
  return open.filter((c) => subtotal >= c.minOrderValue && !(c.firstOrderOnly && ordered));
}

/** A claim's Rs. 0 order line. */
export const freebieLine = (c: ClaimLine): orderService.NewItem => ({
  productId: c.productId,
  variantId: c.variantId,
  name: c.name,
  slug: c.slug,
  sku: c.sku ?? "",
  size: c.size,
  color: c.color,
  img: c.img,
  price: 0,
  mrp: c.mrp,
  qty: 1,
  tax: 0,
});

/** The claims' order, once it is written. */
export async function markOrdered(tx: DbOrTx, lines: ClaimLine[], orderId: string) {
  for (const l of lines) await claims.setOrdered(tx, l.id, orderId);
}

/** An order cancelled: the claims it carried end with it (its units go back with its lines). */
export const cancelClaimsOf = (tx: DbOrTx, orderId: string) =>
  claims.cancelClaimsOfOrder(tx, orderId, "Its order was cancelled");
