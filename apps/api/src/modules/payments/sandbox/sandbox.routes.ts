import type { FastifyPluginAsync } from "fastify";
import type { GatewayName } from "../payments.config.ts";
import { alfalahSandbox } from "./alfalah.sandbox.ts";
import { easypaisaSandbox } from "./easypaisa.sandbox.ts";
import { hblSandbox } from "./hbl.sandbox.ts";
import { keenuSandbox } from "./keenu.sandbox.ts";
import { niftSandbox } from "./nift.sandbox.ts";
import { applyFaults, type SandboxDeps } from "./sandbox-kit.ts";

const PLUGINS = {
  easypaisa: easypaisaSandbox,
  alfalah: alfalahSandbox,
  hbl: hblSandbox,
  keenu: keenuSandbox,
  nift: niftSandbox,
};

/**
 * The built-in sandbox gateways under /sandbox/<gateway>, for the gateways not configured live.
 * Registered at the root, before the storefront's catch-all. Fault injection is shared.
 */
export const sandboxRoutes: FastifyPluginAsync<SandboxDeps & { gateways: GatewayName[] }> = async (
  app,
  opts,
) => {
  const { gateways, ...deps } = opts;
  applyFaults(app, deps.faults);
  app.post("/sandbox/faults", async (req) => {
    const b = (req.body ?? {}) as { latencyMs?: unknown; fail?: unknown };
    const latency = Number(b.latencyMs ?? 0);
    deps.faults.latencyMs =
      Number.isFinite(latency) && latency >= 0 ? Math.min(latency, 120_000) : 0;
    deps.faults.fail = b.fail === "error" || b.fail === "timeout" ? b.fail : "none";
    return deps.faults;
  });
  for (const g of gateways) await app.register(PLUGINS[g], deps);
};
