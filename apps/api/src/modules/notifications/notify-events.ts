import { rupees } from "@maidan/contracts/money";
import type { NotificationKind } from "@maidan/contracts/notifications";
import type { DomainEvent, EventName } from "../events/events.ts";

/** What the consumer knows of an order (given by the server: orders is another domain). */
export type OrderFacts = { id: string; userId: string | null; orderNo: string; status: string };

export type OrderLookup = {
  /** One order, whoever's; null when there is none. */
  order(id: string): Promise<OrderFacts | null>;
  /** A checkout's orders, by number. */
  checkout(checkoutId: string): Promise<OrderFacts[]>;
};

/** A notification to write: `key` makes it once per event, whatever the number of runs. */
export type Draft = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  subjectId: string | null;
  key: string;
  /**
   * The event's time (ISO, to the microsecond), so the list keeps the order things happened in
   * however late or often the consumer runs; undefined: now.
   */
  at: string | undefined;
};

/** The events the notifications consumer handles (compose.ts subscribes it to these). */
export const NOTIFIED_EVENTS = [
  "order.placed",
  "order.confirmed",
  "order.shipped",
  "order.delivered",
  "order.cancelled",
  "order.refunded",
  "payment.failed",
  "review.published",
  "dispute.opened",
  "dispute.message",
  "dispute.resolved",
  "wishlist.price_dropped",
  "wishlist.back_in_stock",
  "vendor_application.decided",
  "lucky_draw.won",
  "referral.rewarded",
  "freebie.expired",
] as const satisfies readonly EventName[];

const str = (v: unknown) => (typeof v === "string" ? v : "");
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const orderLink = (id: string) => `/my/orders/${id}`;
/** A product's page is its slug at the root (spec §2 `/:slug`). */
const productLink = (slug: string) => `/${encodeURIComponent(slug)}`;

/**
 * The notifications one event makes: none for a guest's order (no account to tell) or a
 * payload without its shopper. Orders are looked up, since order events carry ids only.
 */
export async function draftsFor(e: DomainEvent, orders: OrderLookup): Promise<Draft[]> {
  const p = e.payload;
  const one = (
    userId: unknown,
    kind: NotificationKind,
    title: string,
    body: string,
    link: string,
    subjectId: string | null,
  ): Draft[] =>
    typeof userId === "string" && userId
      ? [
          {
            userId,
            kind,
            title,
            body,
            link,
            subjectId,
            key: `${e.id}:${kind}:${userId}:${subjectId ?? ""}`,
            at: e.at,
          },
        ]
      : [];
  const forOrder = async (
    make: (o: OrderFacts & { userId: string }) => Draft[],
  ): Promise<Draft[]> => {
    const o = e.subjectId ? await orders.order(e.subjectId) : null;
    return o?.userId ? make({ ...o, userId: o.userId }) : [];
  };

  switch (e.name) {
    case "order.placed": {
      const ids = new Set(Array.isArray(p.orderIds) ? p.orderIds.map(str) : []);
      const list = e.subjectId ? await orders.checkout(e.subjectId) : [];
      return list
        .filter((o) => ids.has(o.id))
        .flatMap((o) =>
          one(
            o.userId,
            "order_placed",
            `Order ${o.orderNo} placed`,
            o.status === "pending_confirmation"
              ? "Confirm it with the code in our SMS and we will pack it."
              : o.status === "awaiting_payment"
                ? "It is waiting for your payment."
                : "Thank you! We will tell you when it ships.",
            orderLink(o.id),
            o.id,
          ),
        );
    }
    case "order.confirmed":
      return forOrder((o) =>
        one(
          o.userId,
          "order_confirmed",
          `Order ${o.orderNo} confirmed`,
          "We are getting it ready to ship.",
          orderLink(o.id),
          o.id,
        ),
      );
    case "order.shipped":
      return forOrder((o) => {
        const courier = str(p.courier);
        const tracking = str(p.trackingNo);
        const body = courier
          ? `On its way with ${courier}${tracking ? `, tracking number ${tracking}` : ""}.`
          : "It is on its way to you.";
        return one(
          o.userId,
          "order_shipped",
          `Order ${o.orderNo} shipped`,
          body,
          orderLink(o.id),
          o.id,
        );
      });
    case "order.delivered":
      return forOrder((o) => [
        ...one(
          o.userId,
          "order_delivered",
          `Order ${o.orderNo} delivered`,
          "We hope you love it.",
          orderLink(o.id),
          o.id,
        ),
        // The review reminder: what the order brought is waiting for a review.
        ...one(
          o.userId,
          "review_reminder",
          `How was order ${o.orderNo}?`,
          "Review what you received and help other shoppers choose.",
          "/my/reviews",
          o.id,
        ),
      ]);
    case "order.cancelled":
      return forOrder((o) => {
        const reason = str(p.reason);
        return one(
          o.userId,
          "order_cancelled",
          `Order ${o.orderNo} cancelled`,
          reason ? `Reason: ${reason}` : "Your order was cancelled.",
          orderLink(o.id),
          o.id,
        );
      });
    case "order.refunded":
      return forOrder((o) => {
        const amount = rupees(num(p.amount));
        const where =
          p.to === "wallet"
            ? "to your wallet"
            : p.status === "refunded"
              ? "to your original payment method"
              : "to your original payment method; it is on its way";
        return one(
          o.userId,
          "order_refunded",
          `Refund for order ${o.orderNo}`,
          `${amount || "Your refund"} refunded ${where}.`,
          orderLink(o.id),
          o.id,
        );
      });
    case "payment.failed": {
      // A payment for orders (a wallet top-up has no checkout): one note for the checkout.
      const checkoutId = str(p.checkoutId);
      if (p.purpose !== "order" || !checkoutId) return [];
      const list = (await orders.checkout(checkoutId)).filter((o) => o.userId);
      const head = list[0];
      if (!head) return [];
      const numbers = list.map((o) => o.orderNo).join(", ");
      const amount = rupees(num(p.amount));
      return one(
        head.userId,
        "payment_failed",
        `Payment for order ${numbers} did not go through`,
        `${amount ? `Your payment of ${amount} was not completed. ` : ""}Try again or choose cash on delivery.`,
        orderLink(head.id),
        head.id,
      );
    }
    case "review.published":
      return one(
        p.userId,
        "review_published",
        "Your review is published",
        `Your review of ${str(p.productName)} is live. Thank you!`,
        productLink(str(p.productSlug)),
        str(p.productId) || null,
      );
    case "dispute.opened":
      return one(
        p.userId,
        "dispute_opened",
        `Dispute opened for order ${str(p.orderNumber)}`,
        "Our team will look into it and reply in the dispute.",
        `/my/disputes/detail/${str(p.disputeId)}`,
        str(p.disputeId) || null,
      );
    case "dispute.message":
      // The shopper's own messages are not news to them.
      if (p.from !== "staff") return [];
      return one(
        p.userId,
        "dispute_message",
        `New reply on your dispute for order ${str(p.orderNumber)}`,
        "Our team replied. Open the dispute to read it.",
        `/my/disputes/detail/${str(p.disputeId)}`,
        `${str(p.disputeId)}:${e.id}`,
      );
    case "dispute.resolved": {
      const amount = rupees(num(p.amount));
      const body =
        p.resolution === "refund"
          ? `${amount || "Your refund"} refunded.`
          : p.resolution === "replacement"
            ? "A replacement is on its way."
            : "See our decision in the dispute.";
      return one(
        p.userId,
        "dispute_resolved",
        `Dispute for order ${str(p.orderNumber)} resolved`,
        body,
        `/my/disputes/detail/${str(p.disputeId)}`,
        str(p.disputeId) || null,
      );
    }
    case "wishlist.price_dropped": {
      const now = rupees(num(p.newPrice));
      const was = rupees(num(p.oldPrice));
      return one(
        p.userId,
        "price_drop",
        `Price drop: ${str(p.productName)}`,
        `Now ${now}${was ? `, was ${was}` : ""}. It is on your wishlist.`,
        productLink(str(p.productSlug)),
        str(p.productId) || null,
      );
    }
    case "freebie.expired":
      return one(
        p.userId,
        "freebie_expired",
        `Your free ${str(p.productName)} was given back`,
        `It waited ${num(p.days) ?? "some"} days for an order. Claim it again while the offer lasts.`,
        "/myfreebies",
        str(p.claimId) || null,
      );
    case "wishlist.back_in_stock":
      return one(
        p.userId,
        "back_in_stock",
        `Back in stock: ${str(p.productName)}`,
        "An item on your wishlist is available again.",
        productLink(str(p.productSlug)),
        str(p.productId) || null,
      );
    case "vendor_application.decided": {
      const reason = str(p.reason);
      return one(
        p.userId,
        "vendor_application",
        p.approved === true
          ? "Your seller application is approved"
          : "Your seller application was not approved",
        p.approved === true
          ? "Welcome to Maidan! You can now add your products."
          : reason
            ? `Reason: ${reason}`
            : "You can apply again with more details.",
        "/apply-for-vendor",
        str(p.applicationId) || null,
      );
    }
    case "lucky_draw.won":
      return one(
        p.userId,
        "lucky_draw_won",
        `You won the ${str(p.title)}!`,
        `${rupees(num(p.amount)) || "Your prize"} is in your Maidan wallet. See the draw and check it was fair.`,
        "/lucky-draw",
        str(p.drawId) || null,
      );
    case "referral.rewarded":
      return one(
        p.userId,
        "referral_bonus",
        `You earned ${rupees(num(p.amount)) || "a referral bonus"}`,
        `${str(p.friend) || "Your friend"}'s first order ${str(p.orderNo)} was delivered: your bonus is in your Maidan wallet.`,
        "/my/earnings",
        str(p.referralId) || null,
      );
    default:
      return [];
  }
}
