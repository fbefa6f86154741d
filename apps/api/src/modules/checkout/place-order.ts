import { createHash, randomUUID } from "node:crypto";
import type { AddressService } from "@maidan/contracts/addresses";
import { BLOCKED_MESSAGE } from "@maidan/contracts/admin-customers";
import { type Cart, type CartItem, type CartOwner, COD_LIMIT } from "@maidan/contracts/cart";
import { AppError } from "@maidan/contracts/errors";
import { rupees } from "@maidan/contracts/money";
import type { OrderStatus } from "@maidan/contracts/orders";
import { type PlaceOrderResult, placeOrderBody } from "@maidan/contracts/orders";
import type { Db, DbOrTx, Tx } from "@maidan/db/database";
import type { OrderAddress } from "@maidan/db/schema-orders";
import { ordersPlaced } from "@maidan/observability/metrics";
import { badRequest } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import { unauthorized } from "../auth/auth.plugin.ts";
import { isBlocked } from "../auth/customers.service.ts";
import type { CartServiceImpl, PricingInputs } from "../cart/cart.service.ts";
import { couponBaseIn } from "../cart/cart-pricing.ts";
import type { Events } from "../events/events.ts";
import * as stock from "../inventory/inventory.service.ts";
import * as orderService from "../orders/order-records.service.ts";
import { sumAmounts } from "../orders/order-view.ts";
import { inScope } from "../promotions/promotion-rules.ts";
import type { VoucherServiceImpl } from "../vouchers/vouchers.service.ts";
import type { WalletServiceImpl } from "../wallet/wallet.service.ts";
import * as repo from "./checkout.repository.ts";
import { type CheckoutMoney, settleMoney, splitMoney } from "./checkout-money.ts";
import { type CheckoutTerms, checkoutTerms } from "./checkout-terms.ts";
import { codeHash, newCode } from "./cod-confirmation.ts";
import { type CodLimits, type Hold, ownerKeyOf } from "./cod-limits.ts";
import { type ClaimLine, claimsForCheckout, freebieLine, markOrdered } from "./freebie-claims.ts";

export type PlaceDeps = {
  db: Db;
  carts: CartServiceImpl;
  addresses: AddressService;
  guestCheckout: () => Promise<boolean>;
  /** The signed-in shopper's e-mail, for the order's messages when the address has none. */
  accountEmail?: (userId: string) => Promise<string | null>;
  secret: string;
  codConfirmation: boolean;
  confirmMinutes: number;
  /** Spends wallet balance inside the order transaction (checkout-money.ts). */
  wallet: WalletServiceImpl;
  /** Redeems the cart's coupon inside the order transaction (checkout-money.ts). */
  vouchers?: VoucherServiceImpl;
  /** Limits on unconfirmed COD checkouts and their SMS (cod-limits.ts). */
  codLimits?: CodLimits;
  /** In the order transaction, once the orders are written: the messages they cause (jobs). */
  placedIn?: (tx: Tx, placed: Placed) => Promise<void>;
  /** The domain events written in the orders' transactions (decision 035). */
  events?: Events;
};

/** What happened, for the messages sent after the commit. */
export type Placed = {
  result: PlaceOrderResult;
  code: string | null;
  address: OrderAddress;
  replay: boolean;
};

const inFlight = () => new AppError("IN_PROGRESS");
const keyReused = () => new AppError("IDEMPOTENCY_MISMATCH");
/** An online checkout: orders wait for payment with their stock taken for this long. */
export type OnlineHold = { holdMinutes: number };
const emptyCart = () => badRequest("Your cart is empty");
/** An online checkout with nothing left for a gateway is refused; COD places it (decision 015). */
const nothingToPayOnline = (walletUsed: number) =>
  badRequest(
    walletUsed > 0
      ? "Your wallet balance covers this order, so there is nothing to pay online. Please choose Cash on Delivery."
      : "Nothing is left to pay on this order. Please choose Cash on Delivery.",
  );
/** A retry without a key, after its order emptied the cart, finds the first answer this long. */
const REPLAY_MINUTES = 15;
/** Cash on delivery above COD_LIMIT (the cart's `cod` flag) is refused, here and on a switch. */
export const codTooLarge = () =>
  badRequest(
    `Cash on delivery is available for orders up to ${rupees(COD_LIMIT)}. Please pay online for this order.`,
  );

const sha = (s: string) => createHash("sha256").update(s).digest();
/** The advisory-lock id of an idempotency key (exported for the in-flight test). */
export const lockIdOf = (key: string) => sha(key).readBigInt64BE(0);

/**
 * Places a checkout: cash on delivery, or (through payments) online, awaiting payment with the
 * stock held. Everything happens in one transaction: the idempotency
 * record, the conditional stock decrements, the orders (one per vendor) with their items and
 * first status event, and deleting the cart. A crash leaves all of it or none of it.
 */
export async function placeOrder(
  deps: PlaceDeps,
  owner: CartOwner,
  input: unknown,
  opts: { idempotencyKey?: string | null; online?: OnlineHold; ip?: string | null } = {},
): Promise<Placed> {
  const body = parseInput(placeOrderBody, input);
  // A blocked account's sessions end with the block; this refuses one that raced it (decision 046).
  if (owner.userId && (await isBlocked(deps.db, owner.userId)))
    throw new AppError("FORBIDDEN", BLOCKED_MESSAGE);
  // Online methods come only through payments (online-payment.ts), which then takes the payment;
  // which methods a gateway collects is the payments' registry's to say (decision 033).
  const online = opts.online && body.paymentMethod !== "COD" ? opts.online : null;
  if (body.paymentMethod !== "COD" && !online)
    throw badRequest(
      body.paymentMethod === "Stripe"
        ? "Stripe not implemented yet. Proceed with COD"
        : `The checkout service ${body.paymentMethod} not yet implemented`,
    );
  if (!owner.userId && !owner.guestId) throw badRequest("No cart session: cookies must be enabled");
  if (!owner.userId && !(await deps.guestCheckout())) throw unauthorized();
  const address = await resolveAddress(deps, owner, body.address);
  const ownerKey = ownerKeyOf(owner);
  // What an unconfirmed COD checkout counted against its limits, given back if it is not placed.
  const limits = deps.codConfirmation && !online ? deps.codLimits : undefined;
  const opened: { hold?: Hold; checkoutId?: string } = {};
  const bodyHash = sha(
    JSON.stringify({ a: body.address, p: body.paymentMethod, w: body.useWallet }),
  ).toString("base64url");
  const headerKey = opts.idempotencyKey?.trim();
  if (headerKey !== undefined && !/^[\x21-\x7e]{8,200}$/.test(headerKey))
    throw badRequest("Idempotency-Key must be 8 to 200 visible characters");
  const requestKey = headerKey ? `k:${ownerKey}:${headerKey}` : null;

  const placing = deps.db.transaction(async (tx): Promise<Placed | null> => {
    // A keyed request is one checkout; without a key, one checkout at a time per shopper.
    const lockId = lockIdOf(requestKey ?? `o:${ownerKey}`);
    const { locked, cart: current, prior } = await repo.openCheckout(tx, lockId, owner, requestKey);
    if (!locked) throw inFlight();
    if (prior) {
      if (prior.body_hash !== bodyHash) throw keyReused();
      return { result: prior.response as PlaceOrderResult, code: null, address, replay: true };
    }
    if (!current) return null;
    // Without a key the cart names the checkout: placing it deletes the cart in this transaction.
    const key = requestKey ?? `c:${current.id}`;
    // The terms it is priced by, kept on the orders (decision 029).
    const used: { inputs?: PricingInputs } = {};
    const priced = await deps.carts.priced(
      tx,
      current.id,
      address.city,
      current.shipping_method_id,
      {
        hasCoupon: current.has_coupon,
        inputs: (i) => {
          used.inputs = i;
        },
      },
    );
    if (priced.items.length === 0) throw emptyCart();
    // Counted before any stock is locked: over a limit, nothing is taken (429).
    if (limits)
      opened.hold = await limits.open(
        { phone: address.phone, owner: ownerKey, ip: opts.ip },
        priced.qty,
      );
    const gift = await takeAllStock(tx, priced);
    // The shopper's freebie claims this checkout meets the terms of (their units already held).
    const freebies = await claimsForCheckout(tx, owner.userId, priced.subtotal);

    const checkoutId = randomUUID();
    opened.checkoutId = checkoutId;
    const money = await settleMoney(tx, deps, {
      userId: owner.userId,
      priced,
      checkoutId,
      useWallet: body.useWallet,
      walletId: body.walletId,
      hasCoupon: current.has_coupon,
      base: used.inputs ? couponBaseIn(used.inputs, priced) : undefined,
    });
    // Inside the transaction: the stock, wallet spend, voucher use and cart are all rolled back.
    if (online && priced.total <= money.walletUsed) throw nothingToPayOnline(money.walletUsed);
    if (!online && priced.total - money.walletUsed > COD_LIMIT) throw codTooLarge();
    const code = deps.codConfirmation && !online ? newCode() : null;
    const result = await writeOrders(tx, deps, {
      owner,
      checkoutId,
      priced,
      address,
      code,
      money,
      gift,
      freebies,
      online: online ? { method: body.paymentMethod, holdMinutes: online.holdMinutes } : null,
      terms: used.inputs ? checkoutTerms(used.inputs, priced) : null,
      couponCovers: couponCovers(used.inputs),
    });
    await repo.finishCheckout(tx, current.id, {
      key,
      owner: ownerKey,
      bodyHash,
      checkoutId,
      response: result,
    });
    if (limits && opened.hold) await limits.keep(checkoutId, opened.hold);
    const done = { result, code, address, replay: false };
    await deps.events?.emit(tx, "order.placed", checkoutId, {
      userId: owner.userId,
      orderIds: result.orders.map((o) => o._id),
      paymentMethod: result.paymentMethod,
      total: result.amount.total,
    });
    await deps.placedIn?.(tx, done);
    return done;
  });
  const placed = await placing.catch(async (e: unknown) => {
    if (limits && opened.hold) await limits.giveBack(opened.hold, opened.checkoutId);
    throw e;
  });
  if (placed) {
    if (!placed.replay)
      ordersPlaced.inc({ payment_method: body.paymentMethod }, placed.result.orders.length);
    return placed;
  }
  if (!requestKey) {
    // The cart is gone: most likely this very request already succeeded and emptied it.
    const prior = await repo.recentRequest(deps.db, ownerKey, bodyHash, REPLAY_MINUTES);
    if (prior)
      return { result: prior.response as PlaceOrderResult, code: null, address, replay: true };
  }
  throw emptyCart();
}

async function resolveAddress(
  deps: PlaceDeps,
  owner: CartOwner,
  a:
    | string
    | {
        fullName: string;
        phone: string;
        province: string;
        city: string;
        address: string;
        landmark?: string | null;
        zip?: string | null;
        email?: string | null;
      },
): Promise<OrderAddress> {
  // A signed-in shopper's confirmation goes to their account's e-mail unless they typed another.
  const { userId } = owner;
  const accountEmail = () =>
    userId && deps.accountEmail ? deps.accountEmail(userId) : Promise.resolve(null);
  if (typeof a === "string") {
    if (!userId) throw badRequest("Enter a delivery address");
    const [saved, email] = await Promise.all([deps.addresses.get(userId, a), accountEmail()]);
    return { ...saved, email };
  }
  return {
    fullName: a.fullName,
    phone: a.phone,
    email: a.email || (await accountEmail()),
    province: a.province,
    city: a.city,
    address: a.address,
    landmark: a.landmark || null,
    zip: a.zip || null,
  };
}

/**
 * The products' rows locked first, in id order, then conditional decrements in variant-id order,
 * the free gift among them (decision 029: the lock order every stock write follows). A paid line
 * that cannot be had stops the checkout; a gift that ran out since the cart was priced is simply
 * not given. Answers the gift when it was taken.
 */
async function takeAllStock(tx: DbOrTx, cart: Cart): Promise<CartItem | null> {
  const gift = cart.promo?.item ?? null;
  const lines = [...cart.items, ...(gift ? [gift] : [])].sort((a, b) =>
    a._id < b._id ? -1 : a._id > b._id ? 1 : Number(a === gift) - Number(b === gift),
  );
  await stock.lockProducts(
    tx,
    lines.map((l) => l.product._id),
  );
  let gotGift = false;
  for (const line of lines) {
    if (!(await stock.takeStock(tx, line._id, line.qty))) {
      if (line === gift) continue;
      const left =
        line.available || line.variant.stock > 0 ? await stock.stockLeft(tx, line._id) : 0;
      throw new AppError(
        "OUT_OF_STOCK",
        left > 0
          ? `Only ${left} left of ${line.product.name}. Please update your cart.`
          : `Sorry, ${line.product.name} is out of stock. Please remove it from your cart.`,
      );
    }
    if (line === gift) gotGift = true;
  }
  return gotGift ? gift : null;
}

/** The variants of the cart a scoped coupon covers; null for an all-lines one (decision 064). */
function couponCovers(used: PricingInputs | undefined): Set<string> | null {
  const coupon = used?.coupon;
  if (!used || !coupon || coupon.scope === "all") return null;
  return new Set(used.lines.filter((l) => inScope(coupon, l)).map((l) => l.variant_id));
}

/** One order per vendor; the checkout's shipping charge goes on the first. */
async function writeOrders(
  tx: DbOrTx,
  deps: PlaceDeps,
  c: {
    owner: CartOwner;
    checkoutId: string;
    priced: Cart;
    address: OrderAddress;
    code: string | null;
    money: CheckoutMoney;
    /** The promotion's free gift, when its stock was taken: it ships with its vendor's order. */
    gift: CartItem | null;
    /** Freebie claims it carries as Rs. 0 lines, each with its vendor's order (else the first). */
    freebies?: ClaimLine[];
    online?: { method: string; holdMinutes: number } | null;
    /** What the checkout was priced by, kept when it splits into several orders. */
    terms: CheckoutTerms | null;
    /** The variants a scoped coupon covers (null: every line), for its split. */
    couponCovers?: Set<string> | null;
  },
): Promise<PlaceOrderResult> {
  const byVendor = new Map<string, Cart["items"]>();
  for (const i of c.priced.items)
    byVendor.set(i.product.vendor._id, [...(byVendor.get(i.product.vendor._id) ?? []), i]);
  const status = c.online ? "awaiting_payment" : c.code ? "pending_confirmation" : "placed";
  // For an online order confirm_by is the end of its stock hold (see online-payment.ts).
  const confirmBy = c.online
    ? new Date(Date.now() + c.online.holdMinutes * 60_000)
    : c.code
      ? new Date(Date.now() + deps.confirmMinutes * 60_000)
      : null;
  const paymentMethod = c.online?.method ?? "COD";
  const orders: PlaceOrderResult["orders"] = [];
  const groups = [...byVendor];
  const giftGroup = c.gift
    ? Math.max(
        0,
        groups.findIndex(([vendorId]) => vendorId === c.gift?.product.vendor._id),
      )
    : -1;
  const claimGroup = (l: ClaimLine) =>
    Math.max(
      0,
      groups.findIndex(([vendorId]) => vendorId === l.vendorId),
    );
  const covers = c.couponCovers ?? null;
  const shares = splitMoney(
    groups.map(([, items], n) => ({
      subtotal: items.reduce((t, i) => t + i.subtotal, 0),
      shipping: n === 0 ? c.priced.shipping : 0,
      scoped: items.filter((i) => !covers || covers.has(i._id)).reduce((t, i) => t + i.subtotal, 0),
    })),
    c.money,
  );
  let shippingLeft = c.priced.shipping;
  for (const [n, [vendorId, items]] of groups.entries()) {
    const share = shares[n] ?? { discount: 0, promotionDiscount: 0, walletUsed: 0 };
    const gift = n === giftGroup ? c.gift : null;
    const claimed = (c.freebies ?? []).filter((l) => claimGroup(l) === n);
    const units = items.reduce((t, i) => t + i.qty, 0) + (gift ? 1 : 0) + claimed.length;
    const due = (subtotal: number, shipping: number) =>
      subtotal - share.discount + shipping - share.walletUsed;
    const sum = (f: (i: (typeof items)[number]) => number) => items.reduce((n, i) => n + f(i), 0);
    const subtotal = sum((i) => i.subtotal);
    const shipping = shippingLeft;
    shippingLeft = 0;
    const lines: orderService.NewItem[] = items.map((i) => ({
      productId: i.product._id,
      variantId: i.variant._id,
      name: i.product.name,
      slug: i.product.slug,
      sku: i.variant.sku,
      size: i.variant.size,
      color: i.variant.color,
      img: i.product.img,
      price: i.price,
      mrp: i.mrp,
      qty: i.qty,
      tax: i.tax,
    }));
    if (gift)
      lines.push({
        productId: gift.product._id,
        variantId: gift.variant._id,
        name: gift.product.name,
        slug: gift.product.slug,
        sku: gift.variant.sku,
        size: gift.variant.size,
        color: gift.variant.color,
        img: gift.product.img,
        price: 0,
        mrp: gift.mrp,
        qty: 1,
        tax: 0,
        gift: true,
      });
    lines.push(...claimed.map(freebieLine));
    const events: { status: OrderStatus; note: string }[] = [
      {
        status: "placed",
        note: c.online ? `Order placed (${paymentMethod})` : "Order placed (cash on delivery)",
      },
    ];
    if (c.online)
      events.push({ status: "awaiting_payment", note: "Waiting for the online payment" });
    if (c.code)
      events.push({ status: "pending_confirmation", note: "Waiting for your SMS confirmation" });
    const row = await orderService.insertOrder(
      tx,
      {
        checkoutId: c.checkoutId,
        userId: c.owner.userId,
        guestId: c.owner.userId ? null : c.owner.guestId,
        vendorId,
        status,
        paymentMethod,
        qty: units,
        subtotal,
        oldSubtotal: sum((i) => i.mrp * i.qty),
        discount: share.discount,
        promotionDiscount: share.promotionDiscount,
        promotion:
          share.promotionDiscount > 0 || gift
            ? [
                share.promotionDiscount > 0 ? c.priced.promotion?.name : null,
                gift ? c.priced.promo?.name : null,
              ]
                .filter(Boolean)
                .join(" + ")
            : null,
        shipping,
        tax: sum((i) => i.tax),
        walletUsed: share.walletUsed,
        total: due(subtotal, shipping),
        shippingMethodId: c.priced.shippingMethod?._id ?? null,
        shippingMethodName: c.priced.shippingMethod?.name ?? "Standard Delivery",
        address: c.address,
        confirmCodeHash: c.code ? codeHash(deps.secret, c.checkoutId, c.code) : null,
        confirmBy,
        pricing: groups.length > 1 ? c.terms : null,
      },
      lines,
      events,
    );
    await markOrdered(tx, claimed, row.id);
    const amount = {
      qty: units,
      subtotal,
      oldSubtotal: sum((i) => i.mrp * i.qty),
      discount: share.discount,
      promotionDiscount: share.promotionDiscount,
      shipping,
      tax: sum((i) => i.tax),
      walletUsed: share.walletUsed,
      total: due(subtotal, shipping),
      currency: "PKR",
    };
    orders.push({
      _id: row.id,
      orderNo: row.order_no,
      status,
      vendor: items[0]?.product.vendor ?? { _id: vendorId, name: "" },
      amount,
    });
  }
  return {
    orders,
    amount: sumAmounts(orders.map((o) => o.amount)),
    masterId: c.checkoutId,
    paymentMethod,
    confirmationRequired: Boolean(c.code),
    confirmBy: confirmBy?.toISOString() ?? null,
  };
}
