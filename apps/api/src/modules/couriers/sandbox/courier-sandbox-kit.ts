import type { Kv } from "../../../lib/kv.ts";
import { randomDigits } from "../../payments/gateways/config-helpers.ts";
import type { TrackStatus } from "../courier.ts";

/** One parcel a sandbox courier holds: what was booked and where it has been since. */
export type Parcel = {
  cn: string;
  orderNo: string;
  consignee: string;
  codAmount: number;
  events: { status: TrackStatus; at: string }[];
};

/** What each courier's sandbox is given: the key it expects and the shared store. */
export type CourierSandboxDeps = { apiKey: string; kv: Kv };

const WEEK = 7 * 24 * 3600;
const STEPS: TrackStatus[] = ["booked", "picked_up", "in_transit", "delivered"];

/** A sandbox courier's parcels, in the shared key-value store (so every instance sees them). */
export function parcels(kv: Kv, courier: string) {
  const key = (cn: string) => `sandbox:courier:${courier}:${cn}`;
  const put = (p: Parcel) => kv.set(key(p.cn), JSON.stringify(p), WEEK);
  return {
    async get(cn: string): Promise<Parcel | null> {
      const v = await kv.get(key(cn));
      return v ? (JSON.parse(v) as Parcel) : null;
    },
    /** A new parcel, booked now, under a fresh consignment number of `digits` digits. */
    async book(p: Omit<Parcel, "cn" | "events">, prefix: string, digits: number) {
      const parcel: Parcel = {
        ...p,
        cn: `${prefix}${randomDigits(digits)}`,
        events: [{ status: "booked", at: new Date().toISOString() }],
      };
      await put(parcel);
      return parcel;
    },
    /**
     * Moves a parcel on: to `to`, or else one step (booked → picked up → in transit →
     * delivered). A delivered or returned parcel stays where it is.
     */
    async advance(cn: string, to?: TrackStatus) {
      const p = await this.get(cn);
      if (!p) return null;
      const now = p.events.at(-1)?.status ?? "booked";
      if (now === "delivered" || now === "returned") return p;
      const next = to ?? STEPS[STEPS.indexOf(now) + 1] ?? "delivered";
      const forward = next === "returned" || STEPS.indexOf(next) > STEPS.indexOf(now);
      if (forward) p.events.push({ status: next, at: new Date().toISOString() });
      await put(p);
      return p;
    },
  };
}

/** Whole rupees from a sandbox request's field (a string or a number); NaN when it is not one. */
export const rupees = (v: unknown) =>
  typeof v === "number" ? v : typeof v === "string" && /^\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;

/** A required text field of a JSON body, trimmed; "" when missing. */
export const text = (body: Record<string, unknown>, k: string) =>
  typeof body[k] === "string" ? (body[k] as string).trim() : "";
