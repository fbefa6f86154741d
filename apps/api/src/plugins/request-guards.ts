import type { FastifyInstance } from "fastify";
import { badRequest } from "../lib/errors.ts";

/** A NUL byte, raw or percent-encoded, in the path or the query. */
const hasNul = (url: string) => url.includes("\0") || url.includes("%00");

/**
 * Refuses, before routing, what no page or API call of the shop ever carries: a NUL byte in the
 * URL. PostgreSQL refuses it in any text value, so it would otherwise fail deep inside a page's
 * data loading as a 500.
 */
export function registerRequestGuards(app: FastifyInstance) {
  app.addHook("onRequest", async (req) => {
    if (hasNul(req.url)) throw badRequest("The address contains a character that is not allowed");
  });
}
