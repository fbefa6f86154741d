import { hasRole, type Role, SESSION_COOKIE } from "@maidan/contracts/auth";
import type { Viewer } from "@maidan/contracts/auth-service";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.ts";
import type { Auth } from "./auth.service.ts";
import { tokenFrom } from "./cookies.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Who is asking; set for every /api request by the auth plugin. */
    viewer: Viewer;
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
    req.viewer = await auth.viewerOf(token, guestId);
  });
}

export const unauthorized = () => new AppError(401, "Please log in to continue.", "UNAUTHORIZED");

/** preHandler: a signed-in user, else 401. */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.viewer?.user) throw unauthorized();
}

/** preHandler: a user at or above `role` (user < vendor < manager < admin), else 401/403. */
export function requireRole(role: Role) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const user = req.viewer?.user;
    if (!user) throw unauthorized();
    if (!hasRole(user.role, role))
      throw new AppError(403, "You do not have access to this.", "FORBIDDEN");
  };
}

/** The signed-in user's id inside a handler guarded by requireUser. */
export function userIdOf(req: FastifyRequest): string {
  const id = req.viewer?.user?.id;
  if (!id) throw unauthorized();
  return id;
}

export { hasRole };
