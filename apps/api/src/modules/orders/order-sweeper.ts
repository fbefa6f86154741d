import type { FastifyInstance } from "fastify";
import type { OrdersServiceImpl } from "./orders.service.ts";

/**
 * The in-process job that cancels COD orders nobody confirmed in time (releasing their stock).
 * Safe with several processes: each sweep locks its rows with SKIP LOCKED.
 */
export function startOrderSweeper(
  app: FastifyInstance,
  orders: OrdersServiceImpl,
  everyMs: number,
) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const n = await orders.expireUnconfirmed();
      if (n > 0) app.log.info(`orders: cancelled ${n} unconfirmed COD order(s)`);
    } catch (e) {
      app.log.warn(`orders: sweep failed: ${(e as Error).message}`);
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
