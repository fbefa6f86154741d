/**
 * Vendor applications and call-back requests (spec §2 /apply-for-vendor and /request-call-back,
 * issue #17; their staff side, issue #14; decision 053): one schema per request and answer,
 * shared by the API's routes, the storefront's forms and /admin. Messages are the §5 defaults
 * where a rule has one.
 */
import { z } from "zod";
// First: the schemas below are built as this module loads, in the browser too.
import "./zod-browser.ts";
import type { Staff } from "./admin-orders.ts";
import { normalizePakPhone } from "./auth.ts";
import { messages } from "./validation/messages.ts";
import {
  CALL_BACK_STATUSES,
  CALL_BACK_TIMES,
  CALL_BACK_TOPICS,
  VENDOR_APPLICATION_STATUSES,
  VENDOR_DOCUMENT_MAX,
  VENDOR_DOCUMENT_MAX_MB,
  vendorDocumentMessages,
} from "./vendor-labels.ts";

export * from "./vendor-labels.ts";

const filled = (label: string, max: number) =>
  z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .max(max, messages.max(label, max));

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** A Pakistani mobile number, kept as 92XXXXXXXXXX (as accounts keep theirs). */
const mobile = z
  .string({ error: messages.required("mobile number") })
  .trim()
  .min(1, messages.required("mobile number"))
  .max(20, messages.invalid("mobile number"))
  .transform((v, ctx) => {
    const n = normalizePakPhone(v);
    if (!n) {
      ctx.addIssue({ code: "custom", message: messages.invalid("mobile number") });
      return z.NEVER;
    }
    return n;
  });

export const CNIC_MESSAGE = "The CNIC field must be 13 digits, like 35202-1234567-1";
export const NTN_MESSAGE = "The NTN field must be 7 digits and a check digit, like 1234567-8";

/** POST /api/vendor-applications, and the /apply-for-vendor form. */
export const vendorApplicationForm = z.object({
  businessName: filled("business name", 80).refine(
    (v) => v.length >= 2,
    messages.min("business name", 2),
  ),
  ownerName: filled("owner name", 80),
  cnic: z
    .string({ error: messages.required("CNIC") })
    .trim()
    .min(1, messages.required("CNIC"))
    .transform((v) => v.replace(/[\s-]/g, ""))
    .refine((v) => /^\d{13}$/.test(v), CNIC_MESSAGE),
  ntn: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s-]/g, ""))
      .refine((v) => /^\d{8}$/.test(v), NTN_MESSAGE)
      .optional(),
  ),
  phone: mobile,
  email: filled("email", 254).pipe(z.email(messages.email("email"))),
  city: filled("city", 60),
  categories: z
    .array(z.string().trim().min(1).max(60), { error: "Choose at least one category you sell" })
    .min(1, "Choose at least one category you sell")
    .max(12, "Choose at most 12 categories"),
  description: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string().trim().max(1000, messages.max("description", 1000)),
  ),
});
export type VendorApplicationInput = z.input<typeof vendorApplicationForm>;

/** A document as the storefront's form or the API's body brings it; its type is read from the bytes. */
export type VendorDocumentUpload = { name: string; bytes: Uint8Array };

/** POST /api/vendor-applications: the form, and up to 3 documents as base64 data URLs. */
export const vendorApplicationBody = vendorApplicationForm.extend({
  documents: z
    .array(
      z.object({
        name: z.string().trim().max(200).optional(),
        data: z
          .string()
          .max(
            Math.ceil(VENDOR_DOCUMENT_MAX_MB * 1024 * 1024 * 1.4),
            vendorDocumentMessages.tooLarge,
          )
          .describe("data:<type>;base64,<bytes>"),
      }),
    )
    .max(VENDOR_DOCUMENT_MAX, vendorDocumentMessages.tooMany)
    .optional(),
});

/** A document as staff see it: what it is and where they open it (staff only). */
export const vendorDocument = z.object({
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  /** /api/admin/vendor-applications/{id}/documents/{n}, n from 1. */
  url: z.string(),
});
export type VendorDocument = z.infer<typeof vendorDocument>;

/** An application as its applicant and staff see it. */
export const vendorApplication = z.object({
  _id: z.string(),
  businessName: z.string(),
  ownerName: z.string(),
  phone: z.string(),
  email: z.string(),
  city: z.string(),
  categories: z.array(z.string()),
  description: z.string(),
  status: z.enum(VENDOR_APPLICATION_STATUSES),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The store page approval made (/stores/{id}). */
  storeId: z.string().nullable(),
  /** How many documents were sent with it. */
  documentCount: z.number().int(),
});
export type VendorApplication = z.infer<typeof vendorApplication>;

/** What staff see besides: the identity numbers and who the applicant is. */
export const adminVendorApplication = vendorApplication.extend({
  cnic: z.string(),
  ntn: z.string().nullable(),
  userId: z.string().nullable(),
  documents: z.array(vendorDocument),
});
export type AdminVendorApplication = z.infer<typeof adminVendorApplication>;

/** GET /api/vendor-applications/mine: the signed-in applicant's applications, newest first. */
export const myVendorApplications = z.object({ applications: z.array(vendorApplication) });

export const ADMIN_QUEUE_PAGE_SIZE = 25;

const page = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().min(1, "Pages start at 1").max(10_000).optional(),
);

/** GET /api/admin/vendor-applications */
export const adminVendorApplicationsQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(VENDOR_APPLICATION_STATUSES).optional()),
  page: page.default(1),
});

export const adminVendorApplicationList = z.object({
  applications: z.array(adminVendorApplication),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminVendorApplicationList = z.infer<typeof adminVendorApplicationList>;

/** POST /api/admin/vendor-applications/{id}/reject */
export const rejectApplicationBody = z.object({
  reason: z
    .string("Say why the application is rejected (the applicant is told)")
    .trim()
    .min(3, "Say why the application is rejected (the applicant is told)")
    .max(300, "Keep the reason under 300 characters"),
});

// Call-back requests

/** POST /api/call-backs, and the /request-call-back form. */
export const callBackForm = z.object({
  name: filled("name", 80),
  phone: mobile,
  topic: z.enum(CALL_BACK_TOPICS, messages.required("topic")),
  orderNo: z.preprocess(
    blankToUndefined,
    z.string().trim().max(40, messages.max("order number", 40)).optional(),
  ),
  preferredTime: z.enum(CALL_BACK_TIMES, messages.required("preferred time")),
  message: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string().trim().max(500, messages.max("message", 500)),
  ),
});
export type CallBackInput = z.input<typeof callBackForm>;

export const callBackRequest = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  topic: z.enum(CALL_BACK_TOPICS),
  orderNo: z.string().nullable(),
  preferredTime: z.enum(CALL_BACK_TIMES),
  message: z.string(),
  status: z.enum(CALL_BACK_STATUSES),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CallBackRequest = z.infer<typeof callBackRequest>;

/** What the requester is told: the request and when to expect the call. */
export const callBackReceipt = z.object({ _id: z.string(), message: z.string() });
export type CallBackReceipt = z.infer<typeof callBackReceipt>;

/** GET /api/admin/call-backs */
export const adminCallBacksQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(CALL_BACK_STATUSES).optional()),
  page: page.default(1),
});

export const adminCallBackList = z.object({
  callBacks: z.array(callBackRequest),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminCallBackList = z.infer<typeof adminCallBackList>;

/** POST /api/admin/call-backs/{id}: a new status and what came of the call. */
export const callBackUpdateBody = z.object({
  status: z.enum(CALL_BACK_STATUSES, "Choose new, called or closed"),
  note: z.preprocess(
    blankToUndefined,
    z.string().trim().max(500, "Keep the note under 500 characters").optional(),
  ),
});

/** Who sends a form: the signed-in user, the storefront visitor's guest id, the address. */
export type Submitter = { userId: string | null; guestId?: string | null; ip: string };
/** Whose submissions /success may show: the signed-in user's, else this browser's. */
export type SubmissionOwner = { userId: string | null; guestId: string | null };

/** Shoppers' side, as the API's routes and the storefront call it (in-process). */
export type VendorApplicationsService = {
  apply(
    input: unknown,
    who: Submitter,
    documents?: VendorDocumentUpload[],
  ): Promise<VendorApplication>;
  mine(userId: string): Promise<VendorApplication[]>;
  requestCallBack(input: unknown, who: Submitter): Promise<CallBackReceipt>;
  /** The owner's application (for /success), else null: unknown and others' alike. */
  applicationOf(owner: SubmissionOwner, id: string): Promise<VendorApplication | null>;
  /** The owner's call-back request (for /success), else null. */
  callBackOf(owner: SubmissionOwner, id: string): Promise<CallBackRequest | null>;
};

/** A document opened for staff: its bytes (5 MB at most), with what it is. */
export type StoredVendorDocument = { name: string; type: string; bytes: Uint8Array };

/** The back-office's side (/admin/vendor-applications, /admin/call-backs). */
export type AdminVendorApplicationsService = {
  list(staff: Staff, query: unknown): Promise<AdminVendorApplicationList>;
  get(staff: Staff, id: string): Promise<AdminVendorApplication>;
  approve(staff: Staff, id: string): Promise<AdminVendorApplication>;
  reject(staff: Staff, id: string, body: unknown): Promise<AdminVendorApplication>;
  /** The n-th document (from 1), for staff's eyes only; 404 when there is none. */
  document(staff: Staff, id: string, n: number): Promise<StoredVendorDocument>;
  callBacks(staff: Staff, query: unknown): Promise<AdminCallBackList>;
  updateCallBack(staff: Staff, id: string, body: unknown): Promise<CallBackRequest>;
};
