import { readJson } from "../../payments/gateways/http.ts";
import { type Courier, CourierRefusedError, latest, type TrackStatus } from "../courier.ts";

/*
 * TCS's COD API (api.tcscourier.com): a JSON POST to /cod/create-order with the account in the
 * body and the client id in the `X-IBM-Client-Id` header; the consignment number comes back in
 * `bookingReply.result` ("Your generated CN is …"). Tracking: GET /track/v1/shipments/detail
 * ?consignmentNo=… answers `TrackDetailReply.Checkpoints` (newest first).
 */
export const TCS_CLIENT_HEADER = "X-IBM-Client-Id";

type Reply = {
  returnStatus?: { status?: string; message?: string; code?: string };
  bookingReply?: { result?: string };
  TrackDetailReply?: {
    Checkpoints?: { dateTime?: string; status?: string; recievedBy?: string }[];
  };
};

/** TCS's checkpoint wording → the shop's status. */
export function tcsStatus(s: string): TrackStatus {
  const t = s.toLowerCase();
  if (t.includes("return")) return "returned";
  if (t.includes("refused")) return "returned";
  if (t.includes("delivered") && !t.includes("out for")) return "delivered";
  if (t.includes("picked") || t.includes("arrived at tcs facility")) return "picked_up";
  if (t.includes("transit") || t.includes("out for") || t.includes("departed")) return "in_transit";
  return "booked";
}

function ok(r: Reply) {
  if (r.returnStatus?.status !== "SUCCESS")
    throw new CourierRefusedError("TCS", r.returnStatus?.message ?? "no status in the answer");
  return r;
}

export const tcs: Courier = {
  name: "tcs",
  label: "TCS",
  async book({ settings, http }, s) {
    const res = await http({
      method: "POST",
      url: `${settings.baseUrl}/cod/create-order`,
      headers: { "content-type": "application/json", [TCS_CLIENT_HEADER]: settings.apiKey },
      body: JSON.stringify({
        userName: settings.extra.username ?? "",
        password: settings.extra.password ?? "",
        costCenterCode: settings.extra.costCenter ?? "01",
        consigneeName: s.consignee.name,
        consigneeAddress: s.consignee.address,
        consigneeMobNo: s.consignee.phone,
        consigneeEmail: s.consignee.email ?? "",
        originCityName: "LAHORE",
        destinationCityName: s.consignee.city.toUpperCase(),
        weight: s.weightKg,
        pieces: s.pieces,
        codAmount: String(s.codAmount),
        customerReferenceNo: s.orderNo,
        services: "O",
        productDetails: s.description,
        fragile: "No",
        remarks: "",
        insuranceValue: 0,
      }),
    });
    const r = ok((await readJson(res)) as Reply);
    const cn = /(\d{6,})/.exec(r.bookingReply?.result ?? "")?.[1];
    if (!cn) throw new CourierRefusedError("TCS", "no consignment number in the answer");
    return { consignmentNo: cn, response: r };
  },
  async track({ settings, http }, cn) {
    const res = await http({
      method: "GET",
      url: `${settings.baseUrl}/track/v1/shipments/detail?consignmentNo=${encodeURIComponent(cn)}`,
      headers: { [TCS_CLIENT_HEADER]: settings.apiKey },
    });
    const r = ok((await readJson(res)) as Reply);
    const history = (r.TrackDetailReply?.Checkpoints ?? [])
      .map((c) => ({
        status: tcsStatus(c.status ?? ""),
        at: c.dateTime ?? "",
        note: c.status ?? "",
      }))
      .reverse();
    return { status: latest(history), history };
  },
};
