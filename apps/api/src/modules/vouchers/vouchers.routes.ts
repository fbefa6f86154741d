import { errorBody } from "@maidan/contracts/errors";
import { myVouchers } from "@maidan/contracts/vouchers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, userIdOf } from "../auth/auth.plugin.ts";
import type { VoucherServiceImpl } from "./vouchers.service.ts";

/** /api/vouchers: the signed-in shopper's usable vouchers (applying one is /api/cart/coupon). */
export const voucherRoutes: FastifyPluginAsyncZod<{ vouchers: VoucherServiceImpl }> = async (
  app,
  { vouchers },
) => {
  app.addHook("preHandler", requireUser);
  app.get(
    "/vouchers/mine",
    {
      schema: {
        tags: ["vouchers"],
        summary: "Vouchers I can still use: live, not used up, and under my per-user limit",
        response: { 200: myVouchers, 401: errorBody },
      },
    },
    (req) => vouchers.mine(userIdOf(req)),
  );
};
