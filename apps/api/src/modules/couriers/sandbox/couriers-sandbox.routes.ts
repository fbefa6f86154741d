import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { badRequest, forbidden, notFound } from "../../../lib/errors.ts";
import type { Kv } from "../../../lib/kv.ts";
import { COURIERS, type CourierName, TRACK_STATUSES } from "../courier.ts";
import { leopardsSandbox } from "../leopards/leopards.sandbox.ts";
import { postexSandbox } from "../postex/postex.sandbox.ts";
import { tcsSandbox } from "../tcs/tcs.sandbox.ts";
import { parcels } from "./courier-sandbox-kit.ts";

const SANDBOXES = { tcs: tcsSandbox, leopards: leopardsSandbox, postex: postexSandbox };
const control = z.object({
  courier: z.enum(COURIERS),
  consignmentNo: z.string().min(4).max(40),
  /** Where the parcel goes; absent: one step on. */
  status: z.enum(TRACK_STATUSES).optional(),
});

/**
 * The built-in courier sandboxes under /sandbox/couriers/<courier>, for couriers not configured
 * live, each speaking its courier's API with the key the shop was given. A parcel moves on one
 * step each time it is tracked, or where POST /sandbox/couriers/advance puts it (open in
 * development and tests, refused in production, where the demo's parcels move by tracking).
 */
export const courierSandboxRoutes: FastifyPluginAsync<{
  keys: Partial<Record<CourierName, string>>;
  kv: Kv;
  controlOpen: boolean;
}> = async (app, { keys, kv, controlOpen }) => {
  for (const name of COURIERS) {
    const apiKey = keys[name];
    if (apiKey)
      await app.register(SANDBOXES[name], { prefix: `/sandbox/couriers/${name}`, apiKey, kv });
  }
  app.post("/sandbox/couriers/advance", async (req) => {
    if (!controlOpen) throw forbidden("The sandbox parcels move by tracking here.");
    const parsed = control.safeParse(req.body ?? {});
    if (!parsed.success)
      throw badRequest(
        parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
      );
    const { courier, consignmentNo, status } = parsed.data;
    const p = await parcels(kv, courier).advance(consignmentNo, status);
    if (!p) throw notFound("No such parcel");
    return { consignmentNo, status: p.events.at(-1)?.status };
  });
};
