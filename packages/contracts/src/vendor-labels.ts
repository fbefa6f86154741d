/**
 * The vendor-application and call-back values pages show (decision 053), apart from the zod
 * schemas of ./vendor-applications.ts: a page's browser code imports these without zod or the
 * §5 messages (which the login dialog's chunk holds; a second importer splits it, and every
 * storefront page's first load grows).
 */

export const VENDOR_APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type VendorApplicationStatus = (typeof VENDOR_APPLICATION_STATUSES)[number];

export const CALL_BACK_TOPICS = [
  "order",
  "delivery",
  "payment",
  "return",
  "selling",
  "other",
] as const;
export type CallBackTopic = (typeof CALL_BACK_TOPICS)[number];
export const CALL_BACK_TOPIC_LABEL: Record<CallBackTopic, string> = {
  order: "An order",
  delivery: "Delivery",
  payment: "Payment or refund",
  return: "Return or exchange",
  selling: "Selling on Maidan",
  other: "Something else",
};

export const CALL_BACK_TIMES = ["morning", "afternoon", "evening", "any"] as const;
export type CallBackTime = (typeof CALL_BACK_TIMES)[number];
export const CALL_BACK_TIME_LABEL: Record<CallBackTime, string> = {
  morning: "Morning (10 am – 1 pm)",
  afternoon: "Afternoon (1 pm – 5 pm)",
  evening: "Evening (5 pm – 9 pm)",
  any: "Any time",
};

export const CALL_BACK_STATUSES = ["new", "called", "closed"] as const;
export type CallBackStatus = (typeof CALL_BACK_STATUSES)[number];

/** What the applicant is told on submitting. */
export const APPLICATION_RECEIVED =
  "Thank you! We have your application. Our team checks it within 3 working days and tells you the decision by SMS and e-mail.";
export const DUPLICATE_APPLICATION =
  "An application for this mobile number is already waiting for review. We will tell you the decision by SMS.";
export const CALL_BACK_RECEIVED =
  "Thank you! We will call you at the time you chose. We have sent you an SMS with your request.";

/** Documents an applicant may send (decision 058): PDFs or pictures, a few, each size-limited. */
export const VENDOR_DOCUMENT_MAX = 3;
export const VENDOR_DOCUMENT_MAX_MB = 5;
/** For the file input's `accept`: a hint to the browser; the server reads the bytes. */
export const VENDOR_DOCUMENT_ACCEPT =
  ".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp";
export const vendorDocumentMessages = {
  notAllowed: "Each document must be a PDF or a JPG, PNG or WebP picture.",
  tooLarge: `Each document must be at most ${VENDOR_DOCUMENT_MAX_MB} MB.`,
  tooMany: `Send at most ${VENDOR_DOCUMENT_MAX} documents.`,
};
/** The /apply-for-vendor form's post: three documents at most and the fields, as multipart. */
export const VENDOR_FORM_BODY_LIMIT =
  VENDOR_DOCUMENT_MAX * VENDOR_DOCUMENT_MAX_MB * 1024 * 1024 + 256 * 1024;
