import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { badRequest, forbidden } from "../../../lib/errors.ts";
import type { Kv } from "../../../lib/kv.ts";
import type { GatewayHttp } from "../gateways/http.ts";
import type { PaymentGateway } from "../gateways/payment-gateway.ts";
import { applyFaults, type SandboxFaults } from "./sandbox-kit.ts";

const faultBody = z.object({
  latencyMs: z.number().int().min(0).max(120_000).default(0),
  fail: z.enum(["none", "error", "timeout"]).default("none"),
  /** A shopper's user or guest id: the rule then applies to that shopper's payments only. */
  shopper: z.string().min(8).max(64).optional(),
});
/** Per-shopper rules kept at most; tests set a handful. */
const MAX_SHOPPER_RULES = 1000;

/**
 * The built-in sandbox gateways under /sandbox/<gateway>, for the gateways not configured live
 * (each gateway's own `sandbox`, with the secrets it holds in place of the bank). Registered at
 * the root, before the storefront's catch-all. Fault injection is shared; changing it is open in
 * development and tests, and admin-only in production (the demo runs sandboxes there), since it
 * slows or breaks every shopper's payments.
 */
export const sandboxRoutes: FastifyPluginAsync<{
  sandboxes: { gateway: PaymentGateway; secrets: () => Promise<unknown> }[];
  kv: Kv;
  http: GatewayHttp;
  faults: SandboxFaults;
  /** Whether this request may change the faults (see above). */
  mayChangeFaults: (req: FastifyRequest) => Promise<boolean>;
}> = async (app, opts) => {
  const { sandboxes, mayChangeFaults, kv, http } = opts;
  applyFaults(app, opts.faults);
  app.post("/sandbox/faults", async (req) => {
    if (!(await mayChangeFaults(req)))
      throw forbidden("Only an admin may change the sandbox faults here.");
    const parsed = faultBody.safeParse(req.body ?? {});
    if (!parsed.success)
      throw badRequest(
        parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
      );
    const { shopper, ...rule } = parsed.data;
    const { faults } = opts;
    if (!shopper) {
      faults.latencyMs = rule.latencyMs;
      faults.fail = rule.fail;
      return { latencyMs: faults.latencyMs, fail: faults.fail };
    }
    if (rule.latencyMs === 0 && rule.fail === "none") faults.shoppers.delete(shopper);
    else {
      if (faults.shoppers.size >= MAX_SHOPPER_RULES) faults.shoppers.clear();
      faults.shoppers.set(shopper, rule);
    }
    return { ...rule, shopper };
  });
  for (const { gateway, secrets } of sandboxes)
    await app.register(gateway.sandbox, { secrets, kv, http });
};
