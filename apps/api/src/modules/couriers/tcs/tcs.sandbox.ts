import type { FastifyPluginAsync } from "fastify";
import type { TrackStatus } from "../courier.ts";
import { type CourierSandboxDeps, parcels, rupees, text } from "../sandbox/courier-sandbox-kit.ts";
import { TCS_CLIENT_HEADER } from "./tcs.ts";

const WORDS: Record<TrackStatus, string> = {
  booked: "Booked",
  picked_up: "Arrived at TCS Facility",
  in_transit: "In Transit",
  delivered: "Delivered",
  returned: "Returned to Shipper",
};
const fail = (code: string, message: string) => ({
  returnStatus: { status: "FAIL", code, message },
});
const success = { status: "SUCCESS", code: "0200", message: "Operation Successful" };

/** TCS's COD API as the sandbox at /sandbox/couriers/tcs speaks it (tcs.ts). */
export const tcsSandbox: FastifyPluginAsync<CourierSandboxDeps> = async (app, { apiKey, kv }) => {
  const store = parcels(kv, "tcs");
  app.addHook("preHandler", async (req, reply) => {
    if (req.headers[TCS_CLIENT_HEADER.toLowerCase()] !== apiKey)
      return reply.code(401).send(fail("0401", "Invalid Client Id"));
  });
  app.post("/cod/create-order", async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const missing = ["consigneeName", "consigneeAddress", "consigneeMobNo", "customerReferenceNo"]
      .filter((k) => !text(b, k))
      .concat(Number.isNaN(rupees(b.codAmount)) ? ["codAmount"] : []);
    if (missing.length > 0)
      return reply.code(400).send(fail("0400", `Required: ${missing.join(", ")}`));
    const p = await store.book(
      {
        orderNo: text(b, "customerReferenceNo"),
        consignee: text(b, "consigneeName"),
        codAmount: rupees(b.codAmount),
      },
      "77",
      10,
    );
    return { returnStatus: success, bookingReply: { result: `Your generated CN is ${p.cn}` } };
  });
  app.get("/track/v1/shipments/detail", async (req, reply) => {
    const cn = (req.query as Record<string, string>).consignmentNo ?? "";
    const p = await store.advance(cn);
    if (!p) return reply.code(404).send(fail("0404", "No record found"));
    return {
      returnStatus: success,
      TrackDetailReply: {
        Checkpoints: [...p.events]
          .reverse()
          .map((e) => ({ dateTime: e.at, status: WORDS[e.status], recievedBy: "" })),
      },
    };
  });
};
