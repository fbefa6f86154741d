import type {
  AdminFreebieClaimList,
  ClaimState,
  FreebieClaim,
  FreebieDetail,
  FreebieService,
  FreebieViewer,
} from "@maidan/contracts/freebies";
import { CANCELLABLE, type OrderStatus } from "@maidan/contracts/orders";
import type { Db, DbOrTx } from "@maidan/db/database";
import { keyedCache } from "../../lib/keyed-cache.ts";
import * as repo from "./freebies.repository.ts";

/** What the freebies need to know of a signed-in shopper, from the cart and orders services. */
export type ShopperFacts = {
  cartSubtotal(userId: string): Promise<number>;
  hasOrdered(userId: string): Promise<boolean>;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const summary = (r: repo.FreebieRow) => ({
  _id: r._id,
  slug: r.slug,
  title: r.title,
  description: r.description,
  image: r.image,
  minOrderValue: r.minOrderValue,
  firstOrderOnly: r.firstOrderOnly,
  pickCount: r.pickCount,
  startsAt: iso(r.startsAt),
  endsAt: iso(r.endsAt),
  productCount: r.productCount,
});

/** The viewer's standing: the cart's subtotal against the minimum, and the first-order rule. */
export function standing(
  terms: { minOrderValue: number; firstOrderOnly: boolean },
  facts: { cartSubtotal: number; hasOrdered: boolean },
  claim: FreebieViewer["claim"] = null,
): FreebieViewer {
  const remaining = Math.max(0, terms.minOrderValue - facts.cartSubtotal);
  const firstOrderMet = !terms.firstOrderOnly || !facts.hasOrdered;
  return {
    cartSubtotal: facts.cartSubtotal,
    remaining,
    firstOrderMet,
    qualifies: remaining === 0 && firstOrderMet,
    claim,
  };
}

/**
 * Freebie campaigns as the shop shows them. The campaign itself is the same for everyone and is
 * cached like the catalogue (a campaign may stay listed up to `cacheMs` past its end); the
 * viewer's standing is read fresh on every call.
 */
export function createFreebieService(db: Db, shopper: ShopperFacts, cacheMs = 30_000) {
  const cache = keyedCache(cacheMs);
  const campaign = (key: string) =>
    cache.get(`detail:${key}`, async () => {
      const f = await repo.findLive(db, key);
      if (!f) return null;
      const [products, options] = await Promise.all([
        repo.listProducts(db, f._id),
        repo.listOptions(db, f._id),
      ]);
      return {
        ...summary(f),
        terms: f.terms,
        products: products.map((p) => ({
          _id: p._id,
          slug: p.slug,
          name: p.name,
          img: p.img,
          price: p.price,
          brand: p.brand,
          inStock: p.inStock,
          variant: p.variantId ? { _id: p.variantId, size: p.size, color: p.color } : null,
          options: options
            .filter((o) => o.productId === p._id && o.offerVariantId === p.variantId)
            .map((o) => ({ _id: o._id, size: o.size, color: o.color, inStock: o.inStock })),
        })),
      };
    });

  const service: FreebieService = {
    list: () =>
      cache.get("list", async () => ({ freebies: (await repo.listLive(db)).map(summary) })),

    async detail(idOrSlug, userId): Promise<FreebieDetail | null> {
      const f = await campaign(idOrSlug);
      if (!f) return null;
      if (!userId) return { ...f, viewer: null };
      const [cartSubtotal, hasOrdered, live] = await Promise.all([
        shopper.cartSubtotal(userId),
        f.firstOrderOnly ? shopper.hasOrdered(userId) : false,
        repo.liveClaim(db, f._id, userId),
      ]);
      const claim = live ? { _id: live._id, state: live.status } : null;
      return { ...f, viewer: standing(f, { cartSubtotal, hasOrdered }, claim) };
    },
  };
  /** `forget`: drops the cached campaigns (a back-office change, on every instance). */
  return Object.assign(service, { forget: () => cache.invalidate() });
}

/*
 * Claims (decision 057). The records are this module's; the workflow that takes and gives back
 * their units (inventory) and puts them in orders is the checkout's (checkout/freebie-claims.ts),
 * which calls these on its own transaction.
 */

const SHIPPED: readonly string[] = ["shipped", "return_requested", "returned"];

/** Where a claim stands for the shopper, from its status and its order's. */
export function claimState(c: Pick<repo.ClaimRow, "status" | "orderStatus">): ClaimState {
  if (c.status !== "ordered") return c.status;
  if (c.orderStatus === "delivered") return "delivered";
  return c.orderStatus && SHIPPED.includes(c.orderStatus) ? "shipped" : "ordered";
}

export function claimView(c: repo.ClaimRow): FreebieClaim {
  return {
    _id: c._id,
    state: claimState(c),
    freebie: {
      _id: c.freebieId,
      slug: c.slug,
      title: c.title,
      minOrderValue: c.minOrderValue,
      firstOrderOnly: c.firstOrderOnly,
    },
    product: {
      _id: c.productId,
      slug: c.productSlug,
      name: c.productName,
      img: c.img,
      variantId: c.variantId,
      size: c.size,
      color: c.color,
    },
    order:
      c.orderId && c.orderNo
        ? { _id: c.orderId, orderNo: c.orderNo, status: c.orderStatus ?? "placed" }
        : null,
    cancelReason: c.cancelReason,
    cancellable:
      c.status === "claimed" ||
      (c.status === "ordered" && CANCELLABLE.includes(c.orderStatus as OrderStatus)),
    createdAt: new Date(c.createdAt).toISOString(),
  };
}

export const claimsOf = async (db: DbOrTx, userId: string) => ({
  claims: (await repo.listClaims(db, userId)).map(claimView),
});
export const claimOf = async (db: DbOrTx, userId: string, claimId: string) => {
  const c = await repo.findClaim(db, userId, claimId);
  return c ? claimView(c) : null;
};
export async function allClaims(
  db: DbOrTx,
  opts: { state?: ClaimState; limit?: number },
): Promise<AdminFreebieClaimList> {
  const stored = opts.state && ["claimed", "cancelled"].includes(opts.state) ? opts.state : null;
  const list = await repo.listAllClaims(
    db,
    opts.state ? (stored ?? "ordered") : null,
    opts.limit ?? 100,
  );
  return {
    claims: list
      .map((c) => ({
        ...claimView(c),
        shopper: { _id: c.userId, name: c.userName, phone: c.userPhone },
      }))
      .filter((c) => !opts.state || c.state === opts.state),
  };
}
export const findLiveCampaign = (db: DbOrTx, idOrSlug: string) => repo.findLive(db, idOrSlug);
export const isOffered = (db: DbOrTx, freebieId: string, productId: string, variantId: string) =>
  repo.isOffered(db, freebieId, productId, variantId);
export const liveClaim = (db: DbOrTx, freebieId: string, userId: string) =>
  repo.liveClaim(db, freebieId, userId);
export const insertClaim = (tx: DbOrTx, c: Parameters<typeof repo.insertClaim>[1]) =>
  repo.insertClaim(tx, c);
export const lockOpenClaims = (tx: DbOrTx, userId: string) => repo.lockOpenClaims(tx, userId);
export const lockClaim = (tx: DbOrTx, userId: string, claimId: string) =>
  repo.lockClaim(tx, userId, claimId);
export const setOrdered = (tx: DbOrTx, claimId: string, orderId: string) =>
  repo.setOrdered(tx, claimId, orderId);
export const staleClaims = (db: DbOrTx, days: number, limit: number) =>
  repo.staleClaims(db, days, limit);
export const setCancelled = (tx: DbOrTx, claimId: string, reason: string) =>
  repo.setCancelled(tx, claimId, reason);
export const cancelClaimsOfOrder = (tx: DbOrTx, orderId: string, reason: string) =>
  repo.cancelClaimsOfOrder(tx, orderId, reason);
export const hasOrderedIn = (tx: DbOrTx, userId: string) => repo.hasOrdered(tx, userId);
