import type { FastifyPluginAsync } from "fastify";
import type { TrackStatus } from "../courier.ts";
import { type CourierSandboxDeps, parcels, rupees, text } from "../sandbox/courier-sandbox-kit.ts";

const WORDS: Record<TrackStatus, string> = {
  booked: "Consignment Booked",
  picked_up: "Picked By Courier",
  in_transit: "Dispatched",
  delivered: "Delivered",
  returned: "Returned to shipper",
};
const refuse = (error: string) => ({ status: 0, error });

/** Leopards' merchant API as the sandbox at /sandbox/couriers/leopards speaks it (leopards.ts). */
export const leopardsSandbox: FastifyPluginAsync<CourierSandboxDeps> = async (
  app,
  { apiKey, kv },
) => {
  const store = parcels(kv, "leopards");
  app.addHook("preHandler", async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (b.api_key !== apiKey) return reply.send(refuse("Invalid API Key/Password"));
  });
  app.post("/bookPacket/format/json/", async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const missing = ["consignment_name_eng", "consignment_phone", "consignment_address"]
      .filter((k) => !text(b, k))
      .concat(Number.isNaN(rupees(b.booked_packet_collect_amount)) ? ["collect amount"] : []);
    if (missing.length > 0) return refuse(`Required: ${missing.join(", ")}`);
    const p = await store.book(
      {
        orderNo: String(b.booked_packet_order_id ?? ""),
        consignee: text(b, "consignment_name_eng"),
        codAmount: rupees(b.booked_packet_collect_amount),
      },
      "LE",
      9,
    );
    return {
      status: 1,
      error: 0,
      track_number: p.cn,
      slip_link: `/sandbox/couriers/leopards/slip/${p.cn}`,
    };
  });
  app.post("/trackBookedPacket/format/json/", async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const numbers = text(b, "track_numbers").split(",").filter(Boolean);
    const list = [];
    for (const cn of numbers) {
      const p = await store.advance(cn);
      if (!p) continue;
      list.push({
        track_number: p.cn,
        booked_packet_order_id: p.orderNo,
        booked_packet_status: WORDS[p.events.at(-1)?.status ?? "booked"],
        "Tracking Detail": p.events.map((e) => ({
          Status: WORDS[e.status],
          Activity_Date: e.at.slice(0, 10),
          Activity_Time: e.at.slice(11, 19),
          Reason: "",
        })),
      });
    }
    return list.length > 0
      ? { status: 1, error: 0, packet_list: list }
      : refuse("Invalid track number");
  });
};
