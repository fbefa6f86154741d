import type { GatewayHttp } from "../payments/gateways/http.ts";

/** The couriers the shop books with (decision 045); each has a folder beside this file. */
export const COURIERS = ["tcs", "leopards", "postex"] as const;
export type CourierName = (typeof COURIERS)[number];

/** Where a parcel is, in the shop's words; each adapter maps its courier's statuses to these. */
export const TRACK_STATUSES = [
  "booked",
  "picked_up",
  "in_transit",
  "delivered",
  "returned",
] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];

/** What the shop tells a courier about one parcel. */
export type Shipment = {
  orderNo: string;
  consignee: { name: string; phone: string; email: string | null; address: string; city: string };
  /** Rupees the courier collects at the door (0 for a paid order). */
  codAmount: number;
  pieces: number;
  weightKg: number;
  description: string;
};

export type Booked = {
  /** The consignment (tracking) number the courier gave. */
  consignmentNo: string;
  /** The courier's answer as it came (kept with the booking). */
  response: unknown;
};

export type Tracking = {
  status: TrackStatus;
  /** The courier's checkpoints, oldest first. */
  history: { status: TrackStatus; at: string; note: string }[];
};

/** A courier's settings: live from configuration, else its sandbox at /sandbox/couriers/<name>. */
export type CourierSettings = {
  baseUrl: string;
  apiKey: string;
  /** The other credentials and account settings some couriers need (TCS, Leopards, PostEx). */
  extra: Record<string, string>;
  live: boolean;
};

export type CourierContext = { settings: CourierSettings; http: GatewayHttp };

/** One courier's API, as the shop uses it: book a parcel, ask where it is. */
export interface Courier {
  readonly name: CourierName;
  /** Its name on the order, the label and the shopper's SMS. */
  readonly label: string;
  book(ctx: CourierContext, s: Shipment): Promise<Booked>;
  track(ctx: CourierContext, consignmentNo: string): Promise<Tracking>;
}

/** A courier refused a booking or a tracking request (a 4xx or an error in its answer). */
export class CourierRefusedError extends Error {
  constructor(courier: string, message: string) {
    super(`${courier}: ${message}`);
    this.name = "CourierRefusedError";
  }
}

/** The most advanced status of a history (a return outranks the rest). */
export const latest = (history: Tracking["history"]): TrackStatus =>
  history.reduce<TrackStatus>(
    (s, h) => (TRACK_STATUSES.indexOf(h.status) > TRACK_STATUSES.indexOf(s) ? h.status : s),
    "booked",
  );
