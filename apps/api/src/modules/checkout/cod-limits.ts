import { AppError, type ErrorCode } from "@maidan/contracts/errors";
import type { Kv } from "../../lib/kv.ts";

/**
 * Limits on unconfirmed cash-on-delivery checkouts, which hold stock until confirmed or expired,
 * and on the confirmation SMS they cost (decision 029). Counted in the key-value store, so every
 * process of the shop shares them (Redis when REDIS_URL is set). 0 turns a limit off.
 */
export type CodLimitSettings = {
  /** Unconfirmed checkouts one phone number, or one shopper (account or guest), may have at once. */
  orders: number;
  /** Units those may hold together. */
  units: number;
  /** Unconfirmed checkouts from one IP address at once, and the units they hold. */
  ipOrders: number;
  ipUnits: number;
  /** Confirmation SMS (first codes and new ones) per hour to one number, or for one shopper. */
  smsPerHour: number;
  /** Confirmation SMS per hour asked for from one IP address. */
  smsIpPerHour: number;
};

/** Who a checkout is for: the delivery phone, the shopper (`u:…` or `g:…`) and the address. */
export type Holder = { phone: string; owner: string; ip?: string | null };

/** What one unconfirmed checkout holds: the counters it added to, to give back once. */
export type Hold = { keys: [string, number][] };

type Counter = { key: string; by: number; max: number; message: string };

const HOUR = 3600;
const tooMany = (message: string, code: ErrorCode) => new AppError(code, message);
const FIRST = "Please confirm the orders waiting with the code we sent by SMS, or pay online.";

export function createCodLimits(kv: Kv, limits: CodLimitSettings, holdSeconds: number) {
  /** Adds to every counter; over a limit, gives back what it added and refuses with its message. */
  async function take(counters: Counter[], ttl: number, code: ErrorCode): Promise<Hold> {
    const added: [string, number][] = [];
    for (const c of counters) {
      if (c.max <= 0 || c.by === 0) continue;
      // Added only within the limit, in one step: a refused try never counts, even for a moment.
      if ((await kv.add(c.key, c.by, ttl, c.max)) === null) {
        await giveBack(added, ttl);
        throw tooMany(c.message, code);
      }
      added.push([c.key, c.by]);
    }
    return { keys: added };
  }
  async function giveBack(keys: [string, number][], ttl = holdSeconds) {
    await Promise.all(keys.map(([key, by]) => kv.add(key, -by, ttl)));
  }

  const held = (h: Holder, units: number): Counter[] => [
    {
      key: `cod-held:n:p:${h.phone}`,
      by: 1,
      max: limits.orders,
      message: `This phone number already has ${limits.orders} cash-on-delivery orders waiting for confirmation. ${FIRST}`,
    },
    {
      key: `cod-held:u:p:${h.phone}`,
      by: units,
      max: limits.units,
      message: `Cash-on-delivery orders waiting for confirmation on this phone number may hold up to ${limits.units} items. ${FIRST}`,
    },
    {
      key: `cod-held:n:o:${h.owner}`,
      by: 1,
      max: limits.orders,
      message: `You already have ${limits.orders} cash-on-delivery orders waiting for confirmation. ${FIRST}`,
    },
    {
      key: `cod-held:u:o:${h.owner}`,
      by: units,
      max: limits.units,
      message: `Your cash-on-delivery orders waiting for confirmation may hold up to ${limits.units} items. ${FIRST}`,
    },
    ...(h.ip
      ? [
          {
            key: `cod-held:n:i:${h.ip}`,
            by: 1,
            max: limits.ipOrders,
            message: `Too many cash-on-delivery orders from your network are waiting for confirmation. ${FIRST}`,
          },
          {
            key: `cod-held:u:i:${h.ip}`,
            by: units,
            max: limits.ipUnits,
            message: `Cash-on-delivery orders from your network waiting for confirmation hold too many items. ${FIRST}`,
          },
        ]
      : []),
  ];

  const sms = (h: Holder, then: string): Counter[] => [
    {
      key: `cod-sms:p:${h.phone}`,
      by: 1,
      max: limits.smsPerHour,
      message: `Too many confirmation codes were sent to this phone number. Please try again in an hour, ${then}.`,
    },
    {
      key: `cod-sms:o:${h.owner}`,
      by: 1,
      max: limits.smsPerHour,
      message: `Too many confirmation codes were sent for your orders. Please try again in an hour, ${then}.`,
    },
    ...(h.ip
      ? [
          {
            key: `cod-sms:i:${h.ip}`,
            by: 1,
            max: limits.smsIpPerHour,
            message: `Too many confirmation codes were asked for from your network. Please try again in an hour, ${then}.`,
          },
        ]
      : []),
  ];
  const checkoutKey = (checkoutId: string) => `cod-held:c:${checkoutId}`;

  return {
    /**
     * A new unconfirmed checkout of `units` items and its first code: counted, or a 429 with
     * nothing counted. Undo with `giveBack` if the checkout is not placed after all.
     */
    async open(h: Holder, units: number): Promise<Hold> {
      const hold = await take(held(h, units), holdSeconds, "TOO_MANY_ORDERS");
      try {
        const codes = await take(sms(h, "or pay online"), HOUR, "TOO_MANY_CODES");
        return { keys: [...hold.keys, ...codes.keys] };
      } catch (e) {
        await giveBack(hold.keys);
        throw e;
      }
    },
    /** One more code for a waiting checkout (a new code asked for). */
    resend: (h: Holder) => take(sms(h, "or use the link in the SMS"), HOUR, "TOO_MANY_CODES"),
    /** The hold of a placed checkout, kept until it stops waiting for confirmation. */
    async keep(checkoutId: string, hold: Hold) {
      const own = hold.keys.filter(([key]) => key.startsWith("cod-held:"));
      if (own.length > 0) await kv.set(checkoutKey(checkoutId), JSON.stringify(own), holdSeconds);
    },
    /**
     * A checkout that was not placed after all: everything it counted goes back (its code was
     * not sent), and the hold kept under its id, if any, is forgotten.
     */
    async giveBack(hold: Hold, checkoutId?: string) {
      if (checkoutId) await kv.del(checkoutKey(checkoutId));
      await Promise.all(
        hold.keys.map(([key, by]) =>
          kv.add(key, -by, key.startsWith("cod-sms:") ? HOUR : holdSeconds),
        ),
      );
    },
    /**
     * The checkout stopped waiting (confirmed, cancelled or expired): what it held is free
     * again. The callers ensure one call per checkout (the database transition that ended it).
     */
    async release(checkoutId: string) {
      const raw = await kv.get(checkoutKey(checkoutId));
      if (!raw) return;
      await kv.del(checkoutKey(checkoutId));
      await giveBack(JSON.parse(raw) as [string, number][]);
    },
  };
}

export type CodLimits = ReturnType<typeof createCodLimits>;

/** The shopper's key in the limits: the account, else the guest cookie's id. */
export const ownerKeyOf = (o: { userId: string | null; guestId: string | null }) =>
  o.userId ? `u:${o.userId}` : `g:${o.guestId}`;
