import {
  AVATAR_MAX_KB,
  avatarMessages,
  forgotBody,
  messageResult,
  phoneCodeBody,
  phoneConfirmBody,
  profileBody,
  publicUser,
  resetPasswordBody,
  SESSION_COOKIE,
  signupBody,
} from "@maidan/contracts/auth";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "../../lib/errors.ts";
import { requireUser, unauthorizedBody, userIdOf } from "./auth.plugin.ts";
import type { Auth } from "./auth.service.ts";
import { fromDataUrl } from "./avatar.service.ts";
import { sessionCookieOptions } from "./cookies.ts";

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};
/** For routes behind requireUser: their 401 may be TOKEN_EXPIRED. */
const signedInErrors = { ...errors, 401: unauthorizedBody };
const tokenParam = z.object({ id: z.string().min(10).max(500) });

/** The users/* calls of spec §7: me, sign-up, profile, forgot and reset password. */
export const usersRoutes: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  const { service } = auth;
  const tags = ["users"];

  app.get(
    "/users/me",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in user",
        response: { 200: publicUser, ...signedInErrors },
      },
    },
    (req) => service.me(userIdOf(req)),
  );

  app.post(
    "/users",
    {
      schema: {
        tags,
        summary: "Sign up; returns user and token",
        body: signupBody,
        response: { 200: z.object({ user: publicUser, token: z.string() }), ...errors },
      },
    },
    async (req, reply) => {
      const s = await service.signup(req.body, req.viewer.guestId);
      reply.setCookie(SESSION_COOKIE, s.token, sessionCookieOptions(s.maxAge, auth.secure));
      return { user: s.user, token: s.token };
    },
  );

  app.put(
    "/users/profile",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Update the profile (blocked in demo mode); a new phone is texted a code and stays pending until POST /users/phone/confirm",
        body: profileBody,
        response: { 200: publicUser, ...signedInErrors },
      },
    },
    (req) => service.updateProfile(userIdOf(req), req.body, req.ip),
  );

  app.post(
    "/users/phone/code",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          "Text a code to a new mobile number; it stays pending (phonePending) until confirmed",
        body: phoneCodeBody,
        response: { 200: publicUser, ...signedInErrors, 503: errorBody },
      },
    },
    (req) => service.requestPhoneCode(userIdOf(req), req.body, req.ip),
  );

  app.post(
    "/users/phone/confirm",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Confirm the pending mobile number with its code; then it signs in by SMS",
        body: phoneConfirmBody,
        response: { 200: publicUser, ...signedInErrors },
      },
    },
    (req) => service.confirmPhone(userIdOf(req), req.body),
  );

  app.put(
    "/users/avatar",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: `A new profile picture: {image: a base64 data: URL, name?}; jpg, svg, jpeg, png, bmp or gif, at most ${AVATAR_MAX_KB} KB, 32 to 4096 px a side (stored as WebP, shown through /img)`,
        body: z.object({
          image: z.string().max(2_000_000),
          name: z.string().max(200).optional(),
        }),
        response: { 200: publicUser, ...signedInErrors, 413: errorBody },
      },
    },
    async (req) => {
      const file = fromDataUrl(req.body.image, req.body.name);
      if (!file) throw badRequest(avatarMessages.notImage);
      return service.setAvatar(userIdOf(req), file);
    },
  );

  app.post(
    "/users/forgot",
    {
      schema: {
        tags,
        summary: "E-mail a password reset link (same answer for unknown e-mails)",
        body: forgotBody,
        response: { 200: messageResult, ...errors },
      },
    },
    async (req) =>
      service.forgot(req.body, req.ip) as Promise<{
        status: boolean;
        message: string;
      }>,
  );

  app.post(
    "/users/reset/:id",
    {
      schema: {
        tags,
        summary: "Whether a reset link's token is still good",
        params: tokenParam,
        response: { 200: messageResult, ...errors },
      },
    },
    async (req) =>
      service.checkResetToken(req.params.id) as Promise<{ status: boolean; message: string }>,
  );

  app.put(
    "/users/password",
    {
      schema: {
        tags,
        summary: "Set a new password with a reset token (single use)",
        body: resetPasswordBody,
        response: { 200: messageResult, ...errors },
      },
    },
    async (req) => service.resetPassword(req.body) as Promise<{ status: boolean; message: string }>,
  );
};
