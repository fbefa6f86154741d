import { errorBody } from "@maidan/contracts/errors";
import type { WalletReferral } from "@maidan/contracts/referrals";
import { walletResponse } from "@maidan/contracts/wallet";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";
import { requireUser, userIdOf } from "../auth/auth.plugin.ts";
import type { WalletServiceImpl } from "./wallet.service.ts";

/** /api/wallet: the signed-in user's own wallet (another user's id answers 404, never 403). */
export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletServiceImpl;
  /** The shopper's referral code and counts (a port: referrals is another domain). */
  referral: (userId: string) => Promise<WalletReferral>;
}> = async (app, { wallet, referral }) => {
  app.addHook("preHandler", requireUser);
  app.get(
    "/wallet/user/:userId",
    {
      schema: {
        tags: ["wallet"],
        summary:
          "My wallet: balance and latest ledger entries, and my referral code, link and counts (spec §7 GET wallet/user/{userId})",
        params: z.object({ userId: z.string().max(100) }),
        response: { 200: walletResponse, 401: errorBody, 404: errorBody },
      },
    },
    async (req) => {
      const me = userIdOf(req);
      if (req.params.userId !== me) throw notFound("Wallet not found");
      const [myWallet, myReferral] = await Promise.all([wallet.get(me), referral(me)]);
      return { myWallet, myReferral };
    },
  );
};
