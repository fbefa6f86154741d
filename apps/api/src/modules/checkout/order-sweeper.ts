import { runJob } from "@maidan/observability/job-run";
import { logger } from "@maidan/observability/log";
import type { FastifyInstance } from "fastify";
import type { CheckoutServiceImpl } from "./checkout.service.ts";

/**
 * The in-process job that cancels COD orders nobody confirmed in time (releasing their stock).
 * Safe with several processes: a sweep locks each checkout's orders before cancelling them, so a
 * second process waits and then finds them cancelled (checkout.service.ts expireUnconfirmed).
 */
export function startOrderSweeper(
  app: FastifyInstance,
  checkout: CheckoutServiceImpl,
  everyMs: number,
) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await runJob({ queue: "orders.expire-unconfirmed" }, async () => {
        const n = await checkout.expireUnconfirmed();
        if (n > 0) logger().info(`orders: cancelled ${n} unconfirmed COD order(s)`);
      });
    } catch {
      // Logged by runJob; the next sweep tries again.
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
