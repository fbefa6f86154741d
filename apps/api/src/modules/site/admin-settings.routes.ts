import {
  type AdminSettingsService,
  adminSettings,
  adminSettingsView,
} from "@maidan/contracts/admin-settings";
import { errorBody } from "@maidan/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, staffOf } from "../auth/auth.plugin.ts";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** /api/admin/settings: the shop's settings, admins only (spec §1 and §3, decision 061). */
export const adminSettingsRoutes: FastifyPluginAsyncZod<{ staff: AdminSettingsService }> = async (
  app,
  { staff },
) => {
  const preHandler = requireRole("admin");
  app.get(
    "/admin/settings",
    {
      preHandler,
      schema: {
        tags: ["admin"],
        summary:
          "The shop's settings: theme, title, currency, guest login, demo mode, app banner, analytics",
        response: { 200: adminSettingsView, ...errors },
      },
    },
    (req) => staff.get(staffOf(req)),
  );
  app.put(
    "/admin/settings",
    {
      preHandler,
      schema: {
        tags: ["admin"],
        summary:
          "Save the shop's settings (every field); every instance shows them on its next page",
        body: adminSettings,
        response: { 200: adminSettingsView, ...errors },
      },
    },
    (req) => staff.save(staffOf(req), req.body),
  );
};
