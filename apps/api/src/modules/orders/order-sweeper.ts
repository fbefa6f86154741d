import type { FastifyInstance } from "fastify";
import type { OrdersServiceImpl } from "./orders.service.ts";

/**
 * The in-process job that cancels COD orders nobody confirmed in time (releasing their stock).
 * Safe with several processes: a sweep locks each checkout's orders before cancelling them, so a
 * second process waits and then finds them cancelled (orders.service.ts expireUnconfirmed).
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
