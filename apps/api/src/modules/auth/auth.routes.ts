import {
  authResult,
  cartSummary,
  facebookLoginBody,
  localLoginBody,
  messageResult,
  otpGenerateBody,
  otpLoginBody,
  publicUser,
  SESSION_COOKIE,
  signupBody,
  tokenBody,
  updatePasswordBody,
} from "@maidan/contracts/auth";
import type { SessionResult } from "@maidan/contracts/auth-service";
import { AppError, errorBody, errorBodyOf } from "@maidan/contracts/errors";
import { REFERRAL_COOKIE } from "@maidan/contracts/referrals";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser, unauthorizedBody, userIdOf } from "./auth.plugin.ts";
import type { Auth } from "./auth.service.ts";
import { sessionCookieOptions, tokenFrom } from "./cookies.ts";
import { authMessages } from "./login.service.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };
/** For routes behind requireUser: their 401 may be TOKEN_EXPIRED. */
const signedInErrors = { ...errors, 401: unauthorizedBody };
const tokenUser = z.object({ token: z.string(), user: publicUser });
const phoneData = z.object({ token: z.string(), user: publicUser, cart: cartSummary });
const phoneBody = otpLoginBody;

/** A sign-up's invite code: the body's, else the cookie `/invite/{code}` left (decision 055). */
const withInvite = <B extends { referral?: string }>(req: FastifyRequest & { body: B }): B => ({
  ...req.body,
  referral: req.body.referral ?? req.cookies[REFERRAL_COOKIE],
});

/** The authentication calls of spec §7, paths and shapes as the mobile apps know them. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  const { service } = auth;
  const setSession = (reply: FastifyReply, s: { token: string; maxAge: number }) =>
    reply.setCookie(SESSION_COOKIE, s.token, sessionCookieOptions(s.maxAge, auth.secure));
  const body = (s: SessionResult) => ({ token: s.token, user: s.user, cart: s.cart });
  const tags = ["auth"];

  app.post(
    "/auth/local",
    {
      schema: {
        tags,
        summary: "Log in with e-mail (or phone) and password",
        body: localLoginBody,
        response: { 200: tokenUser, ...errors },
      },
    },
    async (req, reply) => {
      const s = await service.passwordLogin(req.body, req.ip, req.viewer.guestId);
      setSession(reply, s);
      return { token: s.token, user: s.user };
    },
  );

  app.post(
    "/auth/login",
    {
      schema: {
        tags,
        summary: "Log in with password; status, token, user, cart",
        body: localLoginBody,
        response: { 200: authResult, ...errors },
      },
    },
    async (req, reply) => {
      const s = await service.passwordLogin(req.body, req.ip, req.viewer.guestId);
      setSession(reply, s);
      return { status: "success", ...body(s) };
    },
  );

  app.post(
    "/auth/signup",
    {
      schema: {
        tags,
        summary: "Sign up; sends the verification e-mail",
        body: signupBody,
        response: { 200: authResult, ...errors },
      },
    },
    async (req, reply) => {
      const s = await service.signup(withInvite(req), req.viewer.guestId);
      setSession(reply, s);
      return { status: "success", ...body(s) };
    },
  );

  app.post(
    "/auth/otp/generate",
    {
      schema: {
        tags,
        summary: "Send a one-time login code by SMS",
        body: otpGenerateBody,
        response: { 200: z.object({ status: z.string(), message: z.string() }), ...errors },
      },
    },
    async (req) => {
      const r = await service.otpGenerate(req.body, req.ip);
      return { status: String(r.status), message: r.message };
    },
  );

  app.post(
    "/auth/otp/login",
    {
      schema: {
        tags,
        summary: "Log in (or sign up) with the SMS code",
        body: otpLoginBody,
        response: { 200: authResult, ...errors },
      },
    },
    async (req, reply) => {
      const s = await service.otpLogin(withInvite(req), req.viewer.guestId);
      setSession(reply, s);
      return { status: "success", ...body(s) };
    },
  );

  app.post(
    "/auth/phone",
    {
      schema: {
        tags,
        summary: "Phone login with the SMS code; status 'success' and data",
        body: phoneBody,
        response: { 200: z.object({ status: z.string(), data: phoneData }), ...errors },
      },
    },
    async (req, reply) => {
      const s = await service.otpLogin(withInvite(req), req.viewer.guestId);
      setSession(reply, s);
      return { status: "success", data: body(s) };
    },
  );

  app.post(
    "/auth/phone/signup",
    {
      schema: {
        tags,
        summary: "Phone sign-up with the SMS code; data.token, data.user, data.cart",
        body: phoneBody,
        response: { 200: z.object({ status: z.string(), data: phoneData }), ...errors },
      },
    },
    async (req, reply) => {
      const s = await service.otpLogin(withInvite(req), req.viewer.guestId);
      setSession(reply, s);
      return { status: "success", data: body(s) };
    },
  );

  app.post(
    "/auth/verify",
    {
      schema: {
        tags,
        summary: "Token login (/verify/auth): a one-time login token for a session",
        body: tokenBody,
        response: {
          200: authResult.extend({ status: z.boolean(), message: z.string() }),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const s = await service.tokenLogin(req.body.token, req.viewer.guestId);
      setSession(reply, s);
      return { status: true, message: authMessages.loggedIn, ...body(s) };
    },
  );

  app.post(
    "/auth/login-token",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "A one-time link that signs this user in on the web (10 minutes)",
        response: { 200: z.object({ token: z.string(), url: z.string() }), ...signedInErrors },
      },
    },
    async (req) => {
      const token = await auth.logins.issueLoginToken(userIdOf(req));
      return { token, url: `/verify/auth?token=${token}` };
    },
  );

  app.post(
    "/auth/facebook/login",
    {
      schema: {
        tags,
        summary: "Log in with a Facebook access token (mobile apps)",
        body: facebookLoginBody,
        response: { 200: tokenUser, ...errors },
      },
    },
    async (req, reply) => {
      const { accessToken, referral } = withInvite(req);
      const s = await auth.oauth.loginWithAccessToken(accessToken, referral);
      setSession(reply, s);
      return { token: s.token, user: s.user };
    },
  );

  app.post(
    "/auth/update/password",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Change the password (revokes other sessions)",
        body: updatePasswordBody,
        response: { 200: messageResult, ...signedInErrors },
      },
    },
    async (req, reply) => {
      const s = await service.changePassword(userIdOf(req), req.body);
      setSession(reply, s);
      return { status: true, message: "Your password has been changed." };
    },
  );

  app.post(
    "/auth/local/logout",
    {
      schema: {
        tags,
        summary:
          "Log out: ends this session only (other devices stay signed in), clears the cookie",
        response: {
          200: z.object({ status: z.boolean(), message: z.string(), cart: cartSummary }),
        },
      },
    },
    async (req, reply) => {
      const r = await service.logout(
        tokenFrom(req.headers.authorization, req.cookies[SESSION_COOKIE]),
      );
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { status: true, message: "Logged out", cart: r.cart };
    },
  );

  app.post(
    "/auth/logout-all",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Log out of all devices: ends every session of the user, clears the cookie",
        response: {
          200: z.object({ status: z.boolean(), message: z.string(), cart: cartSummary }),
          ...signedInErrors,
        },
      },
    },
    async (req, reply) => {
      const r = await service.logoutAll(userIdOf(req));
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { status: true, message: "Logged out of all devices", cart: r.cart };
    },
  );

  app.post(
    "/auth/local/refreshToken",
    {
      schema: {
        tags,
        summary: "A new token for an expired one (cookie 3600 s)",
        body: z.object({ user: z.unknown().optional() }).loose().optional(),
        response: {
          200: z.object({ success: z.boolean(), token: z.string(), user: publicUser }),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const token = tokenFrom(req.headers.authorization, req.cookies[SESSION_COOKIE]);
      const s = await auth.sessions.refresh(token).catch((e: unknown) => {
        // A blocked account's cookie goes with the refusal, so the browser stops retrying it.
        if (e instanceof AppError && e.status === 403)
          reply.clearCookie(SESSION_COOKIE, { path: "/" });
        throw e;
      });
      if (!s) {
        reply.clearCookie(SESSION_COOKIE, { path: "/" });
        const expired = new AppError("SESSION_EXPIRED");
        return reply.status(expired.status).send(errorBodyOf(expired));
      }
      setSession(reply, s);
      return { success: true, token: s.token, user: s.user };
    },
  );

  app.post(
    "/auth/email/verify",
    {
      schema: {
        tags,
        summary: "Confirm the e-mail address with the link's token",
        body: tokenBody,
        response: { 200: messageResult, ...errors },
      },
    },
    async (req) =>
      service.verifyEmail(req.body.token) as Promise<{ status: boolean; message: string }>,
  );
};
