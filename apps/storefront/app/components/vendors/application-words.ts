import type { VendorApplicationStatus } from "@maidan/contracts/vendor-labels";

/** What an applicant is told happens after applying (/apply-for-vendor and /success). */
export const NEXT_STEPS = [
  "We check your details within 3 working days and call you on the number you give.",
  "You hear our decision by SMS and e-mail.",
  "Once approved, sign in with your account or with this mobile number (an SMS code): your store page is open and its orders are in the back-office.",
];

/** An application's status in the applicant's words. */
export const STATUS_LABEL: Record<VendorApplicationStatus, string> = {
  pending: "Waiting for review",
  approved: "Approved",
  rejected: "Not approved",
};
