import { logger } from "@maidan/observability/log";
import { cronEvery, type Jobs } from "../jobs/jobs.ts";
import type { CheckoutServiceImpl } from "./checkout.service.ts";

export const SWEEP_QUEUE = "orders.expire-unconfirmed";

/**
 * The job that cancels COD orders nobody confirmed in time (releasing their stock): a pg-boss
 * schedule, so with several processes each tick runs once, and a singleton queue, so a slow
 * sweep is never overtaken by the next. A sweep also locks each checkout's orders before
 * cancelling them (checkout.service.ts expireUnconfirmed).
 */
export function defineOrderSweep(jobs: Jobs, checkout: CheckoutServiceImpl, everyMs: number) {
  jobs.define({
    name: SWEEP_QUEUE,
    singleton: true,
    cron: cronEvery(everyMs),
    // The next tick is the retry.
    retryLimit: 0,
    keepSeconds: 24 * 3600,
    handle: async () => {
      const n = await checkout.expireUnconfirmed();
      if (n > 0) logger().info(`orders: cancelled ${n} unconfirmed COD order(s)`);
    },
  });
}
