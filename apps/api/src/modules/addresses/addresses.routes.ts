import type { AddressService } from "@maidan/contracts/addresses";
import { address, addressBody } from "@maidan/contracts/addresses";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser, unauthorizedBody, userIdOf } from "../auth/auth.plugin.ts";

const idParam = z.object({ id: z.string().max(100) });
const errors = { 400: errorBody, 401: unauthorizedBody, 404: errorBody };

/** /api/addresses: the signed-in user's address book. */
export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => {
  app.addHook("preHandler", requireUser);
  const tags = ["addresses"];

  app.get(
    "/addresses",
    {
      schema: {
        tags,
        summary: "My addresses, default first",
        response: { 200: z.array(address), ...errors },
      },
    },
    (req) => addresses.list(userIdOf(req)),
  );
  app.get(
    "/addresses/:id",
    {
      schema: {
        tags,
        summary: "One of my addresses",
        params: idParam,
        response: { 200: address, ...errors },
      },
    },
    (req) => addresses.get(userIdOf(req), req.params.id),
  );
  app.post(
    "/addresses",
    {
      schema: {
        tags,
        summary: "Add an address",
        body: addressBody,
        response: { 200: address, ...errors },
      },
    },
    (req) => addresses.create(userIdOf(req), req.body),
  );
  app.put(
    "/addresses/:id",
    {
      schema: {
        tags,
        summary: "Change an address",
        params: idParam,
        body: addressBody,
        response: { 200: address, ...errors },
      },
    },
    (req) => addresses.update(userIdOf(req), req.params.id, req.body),
  );
  app.post(
    "/addresses/:id/default",
    {
      schema: {
        tags,
        summary: "Make an address the default",
        params: idParam,
        response: { 200: address, ...errors },
      },
    },
    (req) => addresses.setDefault(userIdOf(req), req.params.id),
  );
  app.delete(
    "/addresses/:id",
    {
      schema: {
        tags,
        summary: "Remove an address",
        params: idParam,
        response: { 200: z.object({ status: z.boolean() }), ...errors },
      },
    },
    async (req) => {
      await addresses.remove(userIdOf(req), req.params.id);
      return { status: true };
    },
  );
};
