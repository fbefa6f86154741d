import type { FastifyPluginAsync } from "fastify";
import type { TrackStatus } from "../courier.ts";
import { type CourierSandboxDeps, parcels, rupees, text } from "../sandbox/courier-sandbox-kit.ts";

const CODES: Record<TrackStatus, [string, string]> = {
  booked: ["0001", "At Merchant's Warehouse"],
  picked_up: ["0003", "At PostEx Warehouse"],
  in_transit: ["0004", "Package on Route"],
  delivered: ["0005", "Delivered"],
  returned: ["0007", "Returned"],
};
const refuse = (statusCode: string, statusMessage: string) => ({ statusCode, statusMessage });

/** PostEx's merchant API as the sandbox at /sandbox/couriers/postex speaks it (postex.ts). */
export const postexSandbox: FastifyPluginAsync<CourierSandboxDeps> = async (
  app,
  { apiKey, kv },
) => {
  const store = parcels(kv, "postex");
  app.addHook("preHandler", async (req, reply) => {
    if (req.headers.token !== apiKey) return reply.code(401).send(refuse("401", "INVALID TOKEN"));
  });
  app.post("/v3/create-order", async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const missing = [
      "orderRefNumber",
      "customerName",
      "customerPhone",
      "deliveryAddress",
      "cityName",
    ]
      .filter((k) => !text(b, k))
      .concat(Number.isNaN(rupees(b.invoicePayment)) ? ["invoicePayment"] : []);
    if (missing.length > 0)
      return reply.code(400).send(refuse("400", `REQUIRED: ${missing.join(", ")}`));
    const p = await store.book(
      {
        orderNo: text(b, "orderRefNumber"),
        consignee: text(b, "customerName"),
        codAmount: rupees(b.invoicePayment),
      },
      "214",
      8,
    );
    return {
      statusCode: "200",
      statusMessage: "ORDER HAS BEEN CREATED",
      dist: { trackingNumber: p.cn, orderStatus: "Unbooked", orderDate: p.events[0]?.at },
    };
  });
  app.get("/v1/track-order/:cn", async (req, reply) => {
    const p = await store.advance((req.params as { cn: string }).cn);
    if (!p) return reply.code(404).send(refuse("404", "ORDER NOT FOUND"));
    return {
      statusCode: "200",
      statusMessage: "SUCCESSFULLY OPERATED",
      dist: {
        trackingNumber: p.cn,
        orderRefNumber: p.orderNo,
        transactionStatusHistory: p.events.map((e) => ({
          transactionStatusMessage: CODES[e.status][1],
          transactionStatusMessageCode: CODES[e.status][0],
          updatedAt: e.at,
        })),
      },
    };
  });
};
