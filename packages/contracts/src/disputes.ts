/**
 * Disputes (issues #16 and #14, decision 052): a shopper's complaint about one line of a
 * delivered order, its thread with staff, and how staff close it. One schema per request and
 * answer, shared by /api, /my/disputes and /admin/disputes.
 */
import { z } from "zod";
// First: the schemas below are built as this module loads, in the browser too.
import "./zod-browser.ts";
import type { Staff } from "./admin-orders.ts";

export const DISPUTE_REASONS = [
  "wrong_item",
  "damaged",
  "not_as_described",
  "missing",
  "other",
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_REASON_LABEL: Record<DisputeReason, string> = {
  wrong_item: "Wrong item",
  damaged: "Damaged",
  not_as_described: "Not as described",
  missing: "Missing",
  other: "Other",
};

export const DISPUTE_WANTED = ["refund", "replacement"] as const;
export type DisputeWanted = (typeof DISPUTE_WANTED)[number];
export const DISPUTE_WANTED_LABEL: Record<DisputeWanted, string> = {
  refund: "Refund",
  replacement: "Replacement",
};

export const DISPUTE_STATUSES = ["open", "awaiting_shopper", "resolved", "rejected"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** The shopper's words for each status. */
export const DISPUTE_STATUS_LABEL: Record<DisputeStatus, string> = {
  open: "Open",
  awaiting_shopper: "Waiting for your reply",
  resolved: "Resolved",
  rejected: "Rejected",
};
/** Staff's words for each status. */
export const STAFF_DISPUTE_STATUS_LABEL: Record<DisputeStatus, string> = {
  open: "Open",
  awaiting_shopper: "Awaiting shopper",
  resolved: "Resolved",
  rejected: "Rejected",
};

export const DISPUTE_RESOLUTIONS = [
  "refund_wallet",
  "refund_original",
  "replacement",
  "rejected",
] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];
export const DISPUTE_RESOLUTION_LABEL: Record<DisputeResolution, string> = {
  refund_wallet: "Refunded to your wallet",
  refund_original: "Refunded to your payment method",
  replacement: "Replacement sent",
  rejected: "Rejected",
};

/** Photos a dispute may carry, and the size of each before it is resized. */
export const DISPUTE_MAX_PHOTOS = 5;
export const DISPUTE_PHOTO_MAX_KB = 4096;
/** The return window's default: days after delivery a line may be disputed. */
export const DISPUTE_WINDOW_DEFAULT_DAYS = 7;

export const disputeMessages = {
  notDelivered: "You can report a problem only once the order is delivered.",
  outsideWindow: (days: number) =>
    `The ${days}-day window to report a problem with this order has closed.`,
  alreadyOpen: "You already have an open dispute about this item. Reply in its thread instead.",
  unknownLine: "That item is not in this order.",
  tooManyPhotos: `Attach at most ${DISPUTE_MAX_PHOTOS} photos.`,
  notImage: "Each photo must be a JPG, PNG, GIF or WebP picture.",
  tooLarge: `Each photo must be at most ${DISPUTE_PHOTO_MAX_KB / 1024} MB.`,
  closed: "This dispute is closed. Open a new one if something else is wrong.",
  tooManyMessages: "You have sent many messages in a short time. Please wait a little.",
  tooManyDisputes: "You have opened many disputes today. Please wait, or contact us.",
};

const text = (what: string, min: number, max: number) =>
  z
    .string(`Enter ${what}`)
    .trim()
    .min(min, min > 1 ? `Enter at least ${min} characters` : `Enter ${what}`)
    .max(max, `Keep it under ${max} characters`);

/** The fields of the open form (the photos travel beside them, as files or data URLs). */
export const openDisputeFields = z.object({
  orderId: z.uuid({ message: "Unknown order" }),
  itemId: z.uuid({ message: "Choose the item with the problem" }),
  reason: z.enum(DISPUTE_REASONS, "Choose what is wrong"),
  description: text("what happened", 10, 2000),
  wanted: z.enum(DISPUTE_WANTED, "Choose a refund or a replacement"),
});
export type OpenDisputeFields = z.infer<typeof openDisputeFields>;

/** POST /api/disputes: the fields, and photos as base64 `data:` URLs. */
export const openDisputeBody = openDisputeFields.extend({
  photos: z
    .array(z.object({ image: z.string().max(8_000_000), name: z.string().max(200).optional() }))
    .max(DISPUTE_MAX_PHOTOS, disputeMessages.tooManyPhotos)
    .default([]),
});

/** A message in a thread, from the shopper or staff. */
export const disputeMessageBody = z.object({ text: text("a message", 1, 2000) });

export const disputeMessage = z.object({
  _id: z.string(),
  from: z.enum(["shopper", "staff"]),
  /** Staff's messages show as the shop; the shopper's as their name. */
  author: z.string(),
  text: z.string(),
  at: z.string(),
});

export const disputeLine = z.object({
  itemId: z.string(),
  name: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  img: z.string().nullable(),
  qty: z.number().int(),
  total: z.number().int(),
});

export const disputeSummary = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNo: z.string(),
  item: disputeLine,
  reason: z.enum(DISPUTE_REASONS),
  wanted: z.enum(DISPUTE_WANTED),
  status: z.enum(DISPUTE_STATUSES),
  resolution: z.enum(DISPUTE_RESOLUTIONS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DisputeSummary = z.infer<typeof disputeSummary>;

export const disputeDetail = disputeSummary.extend({
  description: z.string(),
  resolutionNote: z.string().nullable(),
  amount: z.number().int().nullable(),
  replacementOrderId: z.string().nullable(),
  /** /img addresses of the evidence. */
  photos: z.array(z.string()),
  messages: z.array(disputeMessage),
});
export type DisputeDetail = z.infer<typeof disputeDetail>;

export const disputeList = z.object({ disputes: z.array(disputeSummary) });

/** GET /api/disputes/orders/{orderId}: what of an order may be disputed, or why nothing. */
export const disputableOrder = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  /** Null while the order may be disputed; else why not (not delivered, window closed). */
  refusal: z.string().nullable(),
  /** The last day a problem may be reported (ISO), once delivered. */
  until: z.string().nullable(),
  lines: z.array(disputeLine.extend({ openDisputeId: z.string().nullable() })),
});
export type DisputableOrder = z.infer<typeof disputableOrder>;

// --- Staff ---

export const ADMIN_DISPUTES_PAGE_SIZE = 30;
export const adminDisputesQuery = z.object({
  status: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(DISPUTE_STATUSES, "Unknown status").optional(),
  ),
  page: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().int().min(1).max(10_000).default(1),
  ),
});

export const adminDisputeRow = disputeSummary.extend({
  customer: z.object({ _id: z.string(), name: z.string() }),
});
export const adminDisputeList = z.object({
  disputes: z.array(adminDisputeRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminDisputeList = z.infer<typeof adminDisputeList>;

export const adminDisputeDetail = disputeDetail.extend({
  customer: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  orderStatus: z.string(),
  /** What the order may still refund, for the form's hint. */
  refundLeft: z.number().int(),
});
export type AdminDisputeDetail = z.infer<typeof adminDisputeDetail>;

const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);

/**
 * POST /api/admin/disputes/{id}/resolve: refund the line (to the wallet or the original method,
 * at most what the line and the order have left), send a replacement, or reject with a reason.
 */
export const resolveDisputeBody = z
  .object({
    action: z.enum(["refund", "replacement", "reject"], "Choose how to resolve it"),
    to: z.preprocess(
      blankToUndefined,
      z.enum(["wallet", "original"], "Choose the wallet or the original method").optional(),
    ),
    amount: z.preprocess(
      blankToUndefined,
      z.coerce
        .number("Enter an amount in rupees")
        .int("Enter whole rupees")
        .min(1, "Enter an amount of at least Rs. 1")
        .optional(),
    ),
    note: text("a note to the shopper", 3, 500),
  })
  .superRefine((b, ctx) => {
    if (b.action !== "refund") return;
    if (!b.to)
      ctx.addIssue({ code: "custom", path: ["to"], message: "Choose where the money goes" });
    if (b.amount === undefined)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter the amount to refund" });
  });
export type ResolveDisputeBody = z.input<typeof resolveDisputeBody>;

/** A photo as the storefront hands it over (a form's file). */
export type DisputePhotoUpload = { name: string; type: string; bytes: Uint8Array };

/** The shopper's dispute calls (storefront pages and /api/disputes). */
export interface DisputesService {
  listMine(userId: string): Promise<DisputeSummary[]>;
  disputable(userId: string, orderId: string): Promise<DisputableOrder>;
  open(userId: string, input: unknown, photos: DisputePhotoUpload[]): Promise<DisputeDetail>;
  get(userId: string, id: string): Promise<DisputeDetail>;
  reply(userId: string, id: string, input: unknown): Promise<DisputeDetail>;
}

/** The back-office's dispute calls (managers and admins). */
export interface AdminDisputesService {
  list(staff: Staff, query: unknown): Promise<AdminDisputeList>;
  get(staff: Staff, id: string): Promise<AdminDisputeDetail>;
  reply(staff: Staff, id: string, input: unknown): Promise<AdminDisputeDetail>;
  resolve(staff: Staff, id: string, input: unknown): Promise<AdminDisputeDetail>;
}
