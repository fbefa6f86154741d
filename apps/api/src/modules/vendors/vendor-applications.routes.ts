import { errorBody } from "@maidan/contracts/errors";
import {
  callBackForm,
  callBackReceipt,
  myVendorApplications,
  type VendorApplicationsService,
  vendorApplication,
  vendorApplicationForm,
} from "@maidan/contracts/vendor-applications";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/auth.plugin.ts";

const errors = { 400: errorBody, 409: errorBody, 429: errorBody };

/**
 * Spec §2 /apply-for-vendor and /request-call-back as endpoints (decision 053): open to
 * visitors; a signed-in caller's application is linked to their account.
 */
export const vendorApplicationRoutes: FastifyPluginAsyncZod<{
  applications: VendorApplicationsService;
}> = async (app, { applications }) => {
  const tags = ["vendors"];
  app.post(
    "/vendor-applications",
    {
      schema: {
        tags,
        summary: "Apply to sell on Maidan",
        description:
          "One pending application per mobile number (a second → 409); at most 5 from one address an hour (429). Staff's decision is sent by SMS and e-mail.",
        body: vendorApplicationForm,
        response: { 200: vendorApplication, ...errors },
      },
    },
    (req) => applications.apply(req.body, { userId: req.viewer.user?.id ?? null, ip: req.ip }),
  );
  app.get(
    "/vendor-applications/mine",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in applicant's applications and their status, newest first",
        response: { 200: myVendorApplications, 401: errorBody },
      },
    },
    async (req) => ({ applications: await applications.mine(req.viewer.user!.id) }),
  );
  app.post(
    "/call-backs",
    {
      schema: {
        tags,
        summary: "Ask Maidan's team to call you back",
        description:
          "Stored with a confirmation SMS to the number. At most 3 a day for one number and 10 an hour from one address (429).",
        body: callBackForm,
        response: { 200: callBackReceipt, ...errors },
      },
    },
    (req) =>
      applications.requestCallBack(req.body, { userId: req.viewer.user?.id ?? null, ip: req.ip }),
  );
};
