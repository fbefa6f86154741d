import { readJson } from "../../payments/gateways/http.ts";
import { type Courier, CourierRefusedError, latest, type TrackStatus } from "../courier.ts";

/*
 * PostEx's merchant API (api.postex.pk/services/integration/api/order): `v3/create-order` (JSON
 * POST) and `v1/track-order/{trackingNumber}` (GET), with the merchant's `token` header.
 * Answers: `statusCode` "200" and `dist` ({ trackingNumber, … } or the tracking with
 * `transactionStatusHistory[]` of { transactionStatusMessage, transactionStatusMessageCode,
 * updatedAt }).
 */
type Reply = {
  statusCode?: string;
  statusMessage?: string;
  dist?: {
    trackingNumber?: string;
    transactionStatusHistory?: {
      transactionStatusMessage?: string;
      transactionStatusMessageCode?: string;
      updatedAt?: string;
    }[];
  };
};

/** PostEx's status codes → the shop's status. */
const CODES: Record<string, TrackStatus> = {
  "0001": "booked", // at the merchant's warehouse
  "0003": "picked_up", // at PostEx's warehouse
  "0004": "in_transit", // on route
  "0013": "in_transit", // attempt made
  "0005": "delivered",
  "0006": "returned",
  "0007": "returned",
};
export const postexStatus = (code: string): TrackStatus => CODES[code] ?? "in_transit";

function ok(r: Reply) {
  if (r.statusCode !== "200") throw new CourierRefusedError("PostEx", r.statusMessage ?? "refused");
  return r;
}

export const postex: Courier = {
  name: "postex",
  label: "PostEx",
  async book({ settings, http }, s) {
    const res = await http({
      method: "POST",
      url: `${settings.baseUrl}/v3/create-order`,
      headers: { "content-type": "application/json", token: settings.apiKey },
      body: JSON.stringify({
        orderRefNumber: s.orderNo,
        invoicePayment: s.codAmount,
        orderDetail: s.description,
        customerName: s.consignee.name,
        customerPhone: s.consignee.phone,
        deliveryAddress: s.consignee.address,
        cityName: s.consignee.city,
        invoiceDivision: 0,
        items: s.pieces,
        orderType: "Normal",
        pickupAddressCode: settings.extra.pickupAddressCode ?? "001",
      }),
    });
    const r = ok((await readJson(res)) as Reply);
    const cn = r.dist?.trackingNumber;
    if (!cn) throw new CourierRefusedError("PostEx", "no trackingNumber in the answer");
    return { consignmentNo: cn, response: r };
  },
  async track({ settings, http }, cn) {
    const res = await http({
      method: "GET",
      url: `${settings.baseUrl}/v1/track-order/${encodeURIComponent(cn)}`,
      headers: { token: settings.apiKey },
    });
    const r = ok((await readJson(res)) as Reply);
    const history = (r.dist?.transactionStatusHistory ?? []).map((h) => ({
      status: postexStatus(h.transactionStatusMessageCode ?? ""),
      at: h.updatedAt ?? "",
      note: h.transactionStatusMessage ?? "",
    }));
    return { status: latest(history), history };
  },
};
