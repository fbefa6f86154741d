/**
 * The pure rules of automatic promotions (decision 014): which promotions are live, what each
 * takes off a cart, and which ones the cart gets. The cart prices with these and the order
 * transaction prices the same cart with the same function, so there is one copy of the rules.
 */
import type { PromotionKind, PromotionScope } from "@maidan/db/schema-promotions";
import type { LineRow } from "../../lib/sellable-line.ts";

export type PromotionTerms = {
  id: string;
  name: string;
  kind: PromotionKind;
  value: number | null;
  max_discount: number | null;
  /** For free_gift: the threshold. */
  min_cart_value: number;
  scope: PromotionScope;
  /** Product ids, or category ids already widened to their subcategories. */
  scope_ids: string[];
  buy_qty: number | null;
  get_qty: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  active: boolean;
};

/** A live promotion with its gift's catalogue line (qty 1, today's stock), for pricing. */
export type Promotion = PromotionTerms & { gift: LineRow | null };

/** What the rules need of a cart line. */
export type PromoLine = {
  product_id: string;
  category_id: string;
  variant_id: string;
  price: number;
  qty: number;
};

/** Live at `now`: active, from starts_at (inclusive) until ends_at (exclusive). */
export const isLive = (p: Pick<PromotionTerms, "active" | "starts_at" | "ends_at">, now: Date) =>
  p.active &&
  (p.starts_at === null || new Date(p.starts_at) <= now) &&
  (p.ends_at === null || new Date(p.ends_at) > now);

/** A scope (a promotion's or a voucher's): every line, or those of some categories or products. */
export type Scope = Pick<PromotionTerms, "scope" | "scope_ids">;

export const inScope = (p: Scope, l: Pick<PromoLine, "product_id" | "category_id">) =>
  p.scope === "all" || p.scope_ids.includes(p.scope === "product" ? l.product_id : l.category_id);

/** Whole rupees the lines in scope sum to. */
export const scopedSubtotal = (p: Scope, lines: PromoLine[]) =>
  lines.filter((l) => inScope(p, l)).reduce((n, l) => n + l.price * l.qty, 0);

/** True when the in-scope subtotal reaches the minimum (the gift's threshold). */
export const qualifies = (p: PromotionTerms, lines: PromoLine[]) => {
  const base = scopedSubtotal(p, lines);
  return base > 0 && base >= p.min_cart_value;
};

/**
 * Whole rupees a discount promotion takes off these lines (0 for a free gift, or below the
 * minimum): percent rounded down; buy X get Y frees the cheapest in-scope units, Y for every
 * X + Y; then the cap, and never more than the in-scope subtotal.
 */
export function discountOf(p: PromotionTerms, lines: PromoLine[]): number {
  if (p.kind === "free_gift" || !qualifies(p, lines)) return 0;
  const scoped = lines.filter((l) => inScope(p, l));
  const base = scoped.reduce((n, l) => n + l.price * l.qty, 0);
  let raw = 0;
  if (p.kind === "percentage") raw = Math.floor((base * (p.value ?? 0)) / 100);
  else if (p.kind === "fixed") raw = p.value ?? 0;
  else {
    const buy = p.buy_qty ?? 0;
    const get = p.get_qty ?? 0;
    const units = scoped.reduce((n, l) => n + l.qty, 0);
    let free = buy > 0 && get > 0 ? Math.floor(units / (buy + get)) * get : 0;
    for (const l of [...scoped].sort((a, b) => a.price - b.price)) {
      const take = Math.min(free, l.qty);
      raw += take * l.price;
      free -= take;
      if (free === 0) break;
    }
  }
  const capped = p.max_discount === null ? raw : Math.min(raw, p.max_discount);
  return Math.max(0, Math.min(capped, base));
}

/** A free gift on offer: the variant with what the shopper may take of it. */
export type GiftOffer = {
  variant_id: string;
  /** The gift's own price (what it is worth), to choose between gifts. */
  price: number;
  stock: number;
  sellable: boolean;
};

export type Applied<T> = { promotion: PromotionTerms; value: number; gift: T | null };

/**
 * The cart's promotions: the one live discount promotion that takes the most (ties: the
 * lower id), and, besides it, the most valuable live free gift whose threshold is met and
 * which is in stock after the cart's own units of that variant. Either may be null.
 */
export function choosePromotions<G extends GiftOffer>(
  list: (PromotionTerms & { gift: G | null })[],
  lines: PromoLine[],
  now: Date,
): { discount: Applied<G> | null; gift: Applied<G> | null } {
  const live = [...list].filter((p) => isLive(p, now)).sort((a, b) => (a.id < b.id ? -1 : 1));
  let discount: Applied<G> | null = null;
  let gift: Applied<G> | null = null;
  for (const p of live) {
    if (p.kind !== "free_gift") {
      const value = discountOf(p, lines);
      if (value > 0 && (!discount || value > discount.value))
        discount = { promotion: p, value, gift: null };
      continue;
    }
    const g = p.gift;
    if (!g?.sellable || !qualifies(p, lines)) continue;
    const inCart = lines
      .filter((l) => l.variant_id === g.variant_id)
      .reduce((n, l) => n + l.qty, 0);
    if (g.stock < inCart + 1) continue;
    if (!gift || g.price > gift.value) gift = { promotion: p, value: g.price, gift: g };
  }
  return { discount, gift };
}
