import { LONG_SESSION_SECONDS, SESSION_COOKIE, safeRedirect } from "@maidan/contracts/auth";
import { REFERRAL_COOKIE } from "@maidan/contracts/referrals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors.ts";
import type { Auth } from "./auth.service.ts";
import { sessionCookieOptions } from "./cookies.ts";
import { STATE_SECONDS } from "./oauth.service.ts";

export const OAUTH_NONCE_COOKIE = "oauth_nonce";
/**
 * Ties a started login to its browser. Lax is sent on the provider's top-level redirect back;
 * the path keeps it off every other request.
 */
const nonceCookie = (secure: boolean) => ({
  path: "/api/auth/facebook",
  httpOnly: true,
  sameSite: "lax" as const,
  secure,
  maxAge: STATE_SECONDS,
});

/** Browser Facebook login: start → provider dialog → callback → /oauth/success. */
export const oauthRoutes: FastifyPluginAsyncZod<{ auth: Auth; publicUrl: string }> = async (
  app,
  { auth, publicUrl },
) => {
  // The provider sends the browser back here: the configured origin, never the request's Host.
  const callbackUrl = `${publicUrl}/api/auth/facebook/callback`;

  app.get(
    "/auth/facebook",
    {
      schema: {
        tags: ["auth"],
        summary: "Start Facebook login (redirects to the provider)",
        querystring: z.object({ redirectTo: z.string().max(2000).optional() }),
      },
    },
    async (req, reply) => {
      const returnTo = safeRedirect(req.query.redirectTo, publicUrl) ?? "/my";
      const { url, nonce } = await auth.oauth.start(callbackUrl, returnTo);
      reply.setCookie(OAUTH_NONCE_COOKIE, nonce, nonceCookie(auth.secure));
      return reply.redirect(url, 302);
    },
  );

  app.get(
    "/auth/facebook/callback",
    {
      schema: {
        tags: ["auth"],
        summary: "Provider callback: signs in and goes to /oauth/success",
        querystring: z.object({
          code: z.string().max(4000).optional(),
          state: z.string().max(200).optional(),
        }),
      },
    },
    async (req, reply) => {
      const { code, state } = req.query;
      const nonce = req.cookies[OAUTH_NONCE_COOKIE];
      reply.clearCookie(OAUTH_NONCE_COOKIE, nonceCookie(auth.secure));
      try {
        if (!code || !state) throw new Error("missing code or state");
        const { session, returnTo } = await auth.oauth.callback(
          code,
          state,
          nonce,
          callbackUrl,
          req.cookies[REFERRAL_COOKIE],
        );
        await auth.mergeGuestCart(session.user._id, req.viewer.guestId);
        reply.setCookie(
          SESSION_COOKIE,
          session.token,
          sessionCookieOptions(LONG_SESSION_SECONDS, auth.secure),
        );
        // Checked again: a target stored before this check existed is not trusted either.
        const to = safeRedirect(returnTo, publicUrl) ?? "/my";
        return reply.redirect(`/oauth/success?${new URLSearchParams({ redirectTo: to })}`, 302);
      } catch {
        return reply.redirect("/oauth/success?error=1", 302);
      }
    },
  );

  app.get(
    "/dev/outbox",
    {
      schema: {
        tags: ["dev"],
        summary: "Dev outbox messages (not in production unless DEV_OUTBOX=true)",
        querystring: z.object({ to: z.string().max(254).optional() }),
      },
    },
    async (req) => {
      const rows = await auth.service.outbox(req.query.to);
      if (rows === null) throw notFound();
      return { messages: rows };
    },
  );
};
