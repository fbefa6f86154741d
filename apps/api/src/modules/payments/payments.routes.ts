import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireRole } from "../auth/auth.plugin.ts";
import { pageRoute, signalRoute, startRoute } from "./gateway-routes.ts";
import type { GatewayRegistry } from "./gateways/gateway-registry.ts";
import { anyFields } from "./gateways/route-kit.ts";
import type { PaymentsServiceImpl } from "./payments.service.ts";

/**
 * Spec §7 "Payments", relative to /api: each registered gateway's start calls, the returns,
 * callbacks and IPNs its gateway calls (none needs the session cookie), and its pages; then the
 * staff's refunds. The gateway's own URL for each hand-off goes in the `x-payment-url` header.
 */
export const paymentsRoutes =
  (registry: GatewayRegistry): FastifyPluginAsync<{ payments: PaymentsServiceImpl }> =>
  async (app, { payments }) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    for (const g of registry.all) {
      for (const route of g.routes.start) startRoute(r, payments, g, route);
      for (const route of g.routes.signals) signalRoute(r, payments, g, route);
      for (const route of g.routes.pages ?? []) pageRoute(r, payments, g, route);
    }

    // --- Staff: refunds owed (decision 023). ---
    r.get(
      "/payments/refunds",
      {
        preHandler: requireRole("manager"),
        schema: {
          tags: ["payments"],
          summary:
            "Refunds owed: cancelled orders paid online whose money goes back to the original method, and money taken too late",
          response: { 200: anyFields },
        },
      },
      async () => payments.refundsOwed(),
    );
    r.post(
      "/payments/refunds/:id/refunded",
      {
        preHandler: requireRole("manager"),
        schema: {
          tags: ["payments"],
          summary: "Record a refund made in the gateway's portal (once; 409 when not owed)",
          params: z.object({ id: z.uuid({ message: "Unknown refund" }) }),
          body: z.object({
            gatewayRefundRef: z
              .string("The gateway's refund reference is required")
              .trim()
              .min(1, "The gateway's refund reference is required")
              .max(100),
          }),
          response: { 200: anyFields },
        },
      },
      async (req) => payments.markRefunded(req.params.id, req.body.gatewayRefundRef),
    );
  };
