import { errorBody } from "@maidan/contracts/errors";
import {
  callBackForm,
  callBackReceipt,
  myVendorApplications,
  VENDOR_DOCUMENT_MAX,
  VENDOR_DOCUMENT_MAX_MB,
  type VendorApplicationsService,
  vendorApplication,
  vendorApplicationBody,
  vendorDocumentMessages,
} from "@maidan/contracts/vendor-applications";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../lib/errors.ts";
import { requireUser } from "../auth/auth.plugin.ts";

const errors = { 400: errorBody, 409: errorBody, 413: errorBody, 429: errorBody };

/** Who sends a form: the account, else the visitor's guest id (for /success), and the address. */
const submitter = (req: FastifyRequest) => ({
  userId: req.viewer.user?.id ?? null,
  guestId: req.viewer.guestId,
  ip: req.ip,
});

/** `data:<any type>;base64,<bytes>` → the bytes; what they are is read from them later. */
function fromDataUrl(data: string) {
  const m = /^data:[a-z0-9.+/-]*(;[a-z0-9=.-]+)*;base64,([A-Za-z0-9+/=\s]+)$/i.exec(data);
  if (!m?.[2]) throw badRequest(vendorDocumentMessages.notAllowed);
  return new Uint8Array(Buffer.from(m[2], "base64"));
}

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
      // Up to three documents as base64 data URLs.
      bodyLimit:
        Math.ceil(VENDOR_DOCUMENT_MAX * VENDOR_DOCUMENT_MAX_MB * 1024 * 1024 * 1.4) + 64 * 1024,
      schema: {
        tags,
        summary: "Apply to sell on Maidan",
        description: `One pending application per mobile number (a second → 409); at most 5 from one address an hour (429). Up to ${VENDOR_DOCUMENT_MAX} documents ({name, data: data URL}), PDF, JPEG, PNG or WebP as read from their bytes, ${VENDOR_DOCUMENT_MAX_MB} MB each (else 400). Staff's decision is sent by SMS and e-mail.`,
        body: vendorApplicationBody,
        response: { 200: vendorApplication, ...errors },
      },
    },
    (req) =>
      applications.apply(
        req.body,
        submitter(req),
        (req.body.documents ?? []).map((d, n) => ({
          name: d.name ?? `document-${n + 1}`,
          bytes: fromDataUrl(d.data),
        })),
      ),
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
    (req) => applications.requestCallBack(req.body, submitter(req)),
  );
};
