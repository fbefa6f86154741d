import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole, type Role, SESSION_COOKIE } from "@maidan/contracts/auth";
import type { Viewer } from "@maidan/contracts/auth-service";
import type { CartOwner } from "@maidan/contracts/cart";
import { AppError, errorBody } from "@maidan/contracts/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Auth } from "./auth.service.ts";
import { tokenFrom } from "./cookies.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Who is asking; set for every /api request by the auth plugin. */
    viewer: Viewer;
    /** The request carried a genuine token past its exp (see `requireUser`). */
    tokenExpired: boolean;
  }
}

export const GUEST_COOKIE = "guest";
const GUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Resolves the viewer of each API request from `Authorization: Bearer` (mobile apps) or the
 * `Authorization` cookie (browsers), and gives anonymous callers a `guest` cookie for their cart.
 * Registered inside the /api scope, so page and asset requests pay nothing for it.
 */
export function registerAuth(api: FastifyInstance, auth: Auth) {
  api.decorateRequest("viewer", null as unknown as Viewer);
  api.decorateRequest("tokenExpired", false);
  api.addHook("onRequest", async (req, reply) => {
    let guestId = req.cookies[GUEST_COOKIE] ?? null;
    if (!guestId || !GUEST_ID.test(guestId)) {
      guestId = crypto.randomUUID();
      reply.setCookie(GUEST_COOKIE, guestId, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: auth.secure,
        maxAge: 31_536_000,
      });
    }
    const token = tokenFrom(req.headers.authorization, req.cookies[SESSION_COOKIE]);
    const { tokenExpired, ...viewer } = await auth.viewerOf(token, guestId);
    req.viewer = viewer;
    req.tokenExpired = tokenExpired;
  });
}

export const unauthorized = () => new AppError("UNAUTHORIZED");
/** The 401 of routes behind requireUser, as the OpenAPI document describes it. */
export const unauthorizedBody = errorBody.describe(
  "Not signed in (code UNAUTHORIZED), or the token has expired: message 'jwt expired', code TOKEN_EXPIRED. On TOKEN_EXPIRED call POST /api/auth/local/refreshToken with the same token and retry with the new one; only if that answers 401 must the shopper log in again.",
);
/**
 * A genuine token past its exp answers TOKEN_EXPIRED ("jwt expired", the old server's words that
 * spec §8 logs): the apps call auth/local/refreshToken on it, and ask the shopper to log in only
 * if that fails.
 */
const signInNeeded = (req: FastifyRequest) =>
  req.tokenExpired ? new AppError("TOKEN_EXPIRED") : unauthorized();

/** preHandler: a signed-in user, else 401 (TOKEN_EXPIRED when the token only needs a refresh). */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.viewer?.user) throw signInNeeded(req);
}

/** preHandler: a user at or above `role` (user < vendor < manager < admin), else 401/403. */
export function requireRole(role: Role) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const user = req.viewer?.user;
    if (!user) throw signInNeeded(req);
    if (!hasRole(user.role, role)) throw new AppError("FORBIDDEN");
  };
}

/** Whose cart and orders a request is about: the signed-in user, else the `guest` cookie's visitor. */
export const ownerOf = (req: FastifyRequest): CartOwner => ({
  userId: req.viewer.user?.id ?? null,
  guestId: req.viewer.guestId,
});

/** The signed-in user's id inside a handler guarded by requireUser. */
export function userIdOf(req: FastifyRequest): string {
  const id = req.viewer?.user?.id;
  if (!id) throw unauthorized();
  return id;
}

/** Who acts, for a staff service (which checks the role itself), in a handler behind requireRole. */
export const staffOf = (req: FastifyRequest): Staff => {
  const user = req.viewer?.user;
  if (!user) throw unauthorized();
  return { id: user.id, role: user.role };
};

export { hasRole };
