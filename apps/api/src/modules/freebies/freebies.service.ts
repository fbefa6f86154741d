import type { FreebieDetail, FreebieService, FreebieViewer } from "@maidan/contracts/freebies";
import type { Db } from "@maidan/db/database";
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
): FreebieViewer {
  const remaining = Math.max(0, terms.minOrderValue - facts.cartSubtotal);
  const firstOrderMet = !terms.firstOrderOnly || !facts.hasOrdered;
  return {
    cartSubtotal: facts.cartSubtotal,
    remaining,
    firstOrderMet,
    qualifies: remaining === 0 && firstOrderMet,
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
      const products = await repo.listProducts(db, f._id);
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
      const [cartSubtotal, hasOrdered] = await Promise.all([
        shopper.cartSubtotal(userId),
        f.firstOrderOnly ? shopper.hasOrdered(userId) : false,
      ]);
      return { ...f, viewer: standing(f, { cartSubtotal, hasOrdered }) };
    },
  };
  return service;
}
