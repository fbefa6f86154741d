import type { Db, DbOrTx } from "@maidan/db/database";
import type { GatewayHttp } from "../payments/gateways/http.ts";
import {
  COURIERS,
  type Courier,
  type CourierName,
  type CourierSettings,
  type Shipment,
  type Tracking,
} from "./courier.ts";
import * as repo from "./couriers.repository.ts";
import { leopards } from "./leopards/leopards.ts";
import { postex } from "./postex/postex.ts";
import { tcs } from "./tcs/tcs.ts";

/** The couriers, by name; a new courier is a folder beside these and a line here (decision 045). */
const ADAPTERS: Record<CourierName, Courier> = { tcs, leopards, postex };

export type { BookingRow, CollectedRow } from "./couriers.repository.ts";

/**
 * Couriers (decision 045): their adapters with their settings, and the shop's record of what was
 * booked with them (one booking per order), where parcels are, the cash collected at the door
 * and the phones that refused a parcel. Writes take the caller's transaction.
 */
export function createCouriers(deps: {
  db: Db;
  settings: Record<CourierName, CourierSettings | null>;
  http: GatewayHttp;
}) {
  const { db, settings, http } = deps;
  const ctx = (name: CourierName) => {
    const s = settings[name];
    if (!s) throw new Error(`couriers: ${name} is not configured`);
    return { settings: s, http };
  };
  return {
    db,
    /** The couriers that can be booked, with their labels. */
    available: () =>
      COURIERS.filter((n) => settings[n]).map((n) => ({ name: n, label: ADAPTERS[n].label })),
    label: (name: CourierName) => ADAPTERS[name].label,
    book: (name: CourierName, s: Shipment) => ADAPTERS[name].book(ctx(name), s),
    track: (name: CourierName, cn: string): Promise<Tracking> =>
      ADAPTERS[name].track(ctx(name), cn),
    /** The sandbox keys, for the sandbox routes (couriers not live). */
    sandboxKeys: () =>
      Object.fromEntries(
        COURIERS.flatMap((n) => {
          const s = settings[n];
          return s && !s.live ? [[n, s.apiKey]] : [];
        }),
      ) as Partial<Record<CourierName, string>>,
    claim: repo.claim,
    complete: repo.complete,
    release: (orderId: string) => repo.release(db, orderId),
    bookingOf: (orderId: string, tx: DbOrTx = db) => repo.find(tx, orderId),
    due: (limit: number) => repo.due(db, limit),
    saveTracking: repo.saveTracking,
    markRefused: repo.markRefused,
    refusedPhone: (phone: string) => repo.refusedPhone(db, phone),
    refusedPhones: (limit: number) => repo.listRefused(db, limit),
    codCollected: (from: string, to: string) => repo.codCollected(db, from, to),
  };
}
export type CouriersImpl = ReturnType<typeof createCouriers>;
