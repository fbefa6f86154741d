import { readJson } from "../../payments/gateways/http.ts";
import { type Courier, CourierRefusedError, latest, type TrackStatus } from "../courier.ts";

/*
 * Leopards' merchant API (merchantapi.leopardscourier.com/api): `bookPacket/format/json/` and
 * `trackBookedPacket/format/json/`, JSON POSTs with `api_key` and `api_password` in the body.
 * Answers carry `status` 1 (ok) or 0 with `error`; a booking gives `track_number` and
 * `slip_link`; tracking gives `packet_list[].Tracking Detail[]` (Status, Activity_Date, …).
 */
type Reply = {
  status?: number;
  error?: unknown;
  track_number?: string;
  packet_list?: {
    track_number?: string;
    booked_packet_status?: string;
    "Tracking Detail"?: { Status?: string; Activity_Date?: string; Activity_Time?: string }[];
  }[];
};

/** Leopards' status wording → the shop's status. */
export function leopardsStatus(s: string): TrackStatus {
  const t = s.toLowerCase();
  if (t.includes("return")) return "returned";
  if (t.includes("delivered")) return "delivered";
  if (t.includes("dispatched") || t.includes("arrived") || t.includes("transit"))
    return "in_transit";
  if (t.includes("picked")) return "picked_up";
  return "booked";
}

function ok(courier: string, r: Reply) {
  if (r.status !== 1)
    throw new CourierRefusedError(courier, typeof r.error === "string" ? r.error : "refused");
  return r;
}

export const leopards: Courier = {
  name: "leopards",
  label: "Leopards",
  async book({ settings, http }, s) {
    const res = await http({
      method: "POST",
      url: `${settings.baseUrl}/bookPacket/format/json/`,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        api_key: settings.apiKey,
        api_password: settings.extra.password ?? "",
        booked_packet_weight: Math.round(s.weightKg * 1000),
        booked_packet_no_piece: s.pieces,
        booked_packet_collect_amount: s.codAmount,
        booked_packet_order_id: s.orderNo,
        origin_city: "self",
        destination_city: s.consignee.city,
        shipment_id: "self",
        shipment_name_eng: "self",
        shipment_email: "self",
        shipment_phone: "self",
        shipment_address: "self",
        consignment_name_eng: s.consignee.name,
        consignment_email: s.consignee.email ?? "",
        consignment_phone: s.consignee.phone,
        consignment_address: s.consignee.address,
        special_instructions: s.description,
        shipment_type: "overnight",
      }),
    });
    const r = ok("Leopards", (await readJson(res)) as Reply);
    if (!r.track_number) throw new CourierRefusedError("Leopards", "no track_number in the answer");
    return { consignmentNo: r.track_number, response: r };
  },
  async track({ settings, http }, cn) {
    const res = await http({
      method: "POST",
      url: `${settings.baseUrl}/trackBookedPacket/format/json/`,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        api_key: settings.apiKey,
        api_password: settings.extra.password ?? "",
        track_numbers: cn,
      }),
    });
    const r = ok("Leopards", (await readJson(res)) as Reply);
    const packet = r.packet_list?.find((p) => p.track_number === cn);
    if (!packet) throw new CourierRefusedError("Leopards", `no packet ${cn}`);
    const history = (packet["Tracking Detail"] ?? []).map((d) => ({
      status: leopardsStatus(d.Status ?? ""),
      at: `${d.Activity_Date ?? ""} ${d.Activity_Time ?? ""}`.trim(),
      note: d.Status ?? "",
    }));
    return { status: latest(history), history };
  },
};
