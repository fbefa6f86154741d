/**
 * Reviews (issue #16, moderation of issue #14, decision 051): a shopper who received a product
 * reviews it once per order line; staff publish or hide and reply as the shop. One schema per
 * request and answer, shared by /api/reviews, /api/admin/reviews and the pages' forms.
 */
import { z } from "zod";
// First: the schemas below are built as this module loads, in the browser too.
import "./zod-browser.ts";
import type { Staff } from "./admin-orders.ts";

export const REVIEW_STATUSES = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_SORTS = ["newest", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_PAGE_SIZE = 5;
export const ADMIN_REVIEW_PAGE_SIZE = 25;
export const REVIEW_MAX_PHOTOS = 5;
/** Each photo as uploaded; stored resized (at most 1200 px a side) as WebP. */
export const REVIEW_PHOTO_MAX_KB = 2048;
/** What a photo input offers (§9's image extensions libvips can read). */
export const REVIEW_PHOTO_ACCEPT = ".jpg,.jpeg,.png,.gif,.webp";

export const reviewMessages = {
  rating: "Choose a rating from 1 to 5 stars",
  title: "Give your review a title",
  titleLong: "Keep the title under 120 characters",
  text: "Tell other shoppers about the product",
  textLong: "Keep the review under 2000 characters",
  tooManyPhotos: `Add at most ${REVIEW_MAX_PHOTOS} photos`,
  photoNotImage: "A photo must be a JPG, PNG, GIF or WebP picture",
  photoTooLarge: `A photo may not be larger than ${REVIEW_PHOTO_MAX_KB / 1024} MB`,
  notReceived: "You can review a product once its order has been delivered to you.",
  already: "You have already reviewed this item. You can edit your review instead.",
  tooMany: "You have written many reviews just now. Please try again later.",
  tooManyVotes: "Too many votes just now. Please try again later.",
  ownVote: "You cannot vote for your own review.",
  thanksPending: "Thank you! Your review will appear once we have checked it.",
  thanksPublished: "Thank you! Your review is on the product page.",
} as const;

const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);
/** A trimmed text that must be there, `min` to `max` characters, with its two messages. */
const words = (missing: string, max: number, long: string, min = 1) =>
  z.string(missing).trim().min(min, missing).max(max, long);

/** The fields a shopper writes; the same for a new review and an edit. */
export const reviewFields = z.object({
  rating: z.coerce
    .number(reviewMessages.rating)
    .int(reviewMessages.rating)
    .min(1, reviewMessages.rating)
    .max(5, reviewMessages.rating),
  title: words(reviewMessages.title, 120, reviewMessages.titleLong),
  text: words(reviewMessages.text, 2000, reviewMessages.textLong),
});
export type ReviewFields = z.infer<typeof reviewFields>;

/** A photo in a JSON request: a base64 `data:` URL (like the avatar), and its file name. */
export const photoUpload = z.object({
  image: z.string().max(3_000_000, reviewMessages.photoTooLarge),
  name: z.string().max(200).optional(),
});

/** POST /api/reviews: a review of one order line (`itemId`), with up to five photos. */
export const newReviewBody = reviewFields.extend({
  itemId: z.uuid("Unknown order line"),
  photos: z.array(photoUpload).max(REVIEW_MAX_PHOTOS, reviewMessages.tooManyPhotos).default([]),
});

/** PUT /api/reviews/my/{id}: new words, photos to drop and photos to add (five at most in all). */
export const editReviewBody = reviewFields.extend({
  removePhotos: z.array(z.string().max(100)).max(REVIEW_MAX_PHOTOS).default([]),
  photos: z.array(photoUpload).max(REVIEW_MAX_PHOTOS, reviewMessages.tooManyPhotos).default([]),
});

export const reviewPhoto = z.object({ _id: z.string(), url: z.string() });

/** The line of an order the review is about. */
export const reviewLine = z.object({
  itemId: z.string(),
  orderId: z.string(),
  orderNo: z.string(),
  productId: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  img: z.string().nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  /** Delivered (or returned after delivery): the line may be reviewed. */
  received: z.boolean(),
});
export type ReviewLine = z.infer<typeof reviewLine>;

/** A review as its writer sees it: its status and, when hidden, why. */
export const myReview = z.object({
  _id: z.string(),
  line: reviewLine,
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  status: z.enum(REVIEW_STATUSES),
  hideReason: z.string().nullable(),
  reply: z.string().nullable(),
  helpful: z.number().int(),
  photos: z.array(reviewPhoto),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyReview = z.infer<typeof myReview>;

/** GET /api/reviews/my: what the shopper reviewed and what waits for a review. */
export const myReviews = z.object({ reviewed: z.array(myReview), waiting: z.array(reviewLine) });
export type MyReviews = z.infer<typeof myReviews>;

/** GET /api/reviews/lines/{itemId}: the line to review, and its review when written. */
export const reviewTarget = z.object({ line: reviewLine, review: myReview.nullable() });
export type ReviewTarget = z.infer<typeof reviewTarget>;

/** A published review on the product page: the writer's first name only. */
export const publicReview = z.object({
  _id: z.string(),
  author: z.string(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  variant: z.string().nullable(),
  photos: z.array(reviewPhoto),
  helpful: z.number().int(),
  /** Whether the signed-in shopper voted for it already. */
  voted: z.boolean(),
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PublicReview = z.infer<typeof publicReview>;

/** Average (one decimal), count, and how many gave 1…5 stars (index 0 is one star). */
export const ratingSummary = z.object({
  average: z.number(),
  count: z.number().int(),
  distribution: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

export const productReviewsQuery = z.object({
  sort: z.preprocess(blankToUndefined, z.enum(REVIEW_SORTS, "Unknown sort").default("newest")),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1, "Pages start at 1").max(10_000).default(1),
  ),
});

/** GET /api/products/{id}/reviews. */
export const productReviews = z.object({
  summary: ratingSummary,
  reviews: z.array(publicReview),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  sort: z.enum(REVIEW_SORTS),
});
export type ProductReviews = z.infer<typeof productReviews>;

export const helpfulResult = z.object({ helpful: z.number().int(), voted: z.boolean() });
export type HelpfulResult = z.infer<typeof helpfulResult>;

// The back-office.

export const adminReviewsQuery = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(REVIEW_STATUSES, "Unknown review status").default("pending"),
  ),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1, "Pages start at 1").max(10_000).default(1),
  ),
});

export const adminReview = z.object({
  _id: z.string(),
  product: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
  author: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }),
  orderNo: z.string(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  status: z.enum(REVIEW_STATUSES),
  hideReason: z.string().nullable(),
  reply: z.string().nullable(),
  photos: z.array(reviewPhoto),
  helpful: z.number().int(),
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof adminReview>;

export const adminReviewList = z.object({
  reviews: z.array(adminReview),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  /** The shop's setting: new reviews wait for staff (true) or publish at once. */
  moderated: z.boolean(),
});
export type AdminReviewList = z.infer<typeof adminReviewList>;

export const hideReviewBody = z.object({
  reason: words("Say why the review is hidden", 300, "Keep the reason under 300 characters", 3),
});
export const replyBody = z.object({
  reply: words("Write the shop's reply", 1000, "Keep the reply under 1000 characters"),
});
export const reviewSettingsBody = z.object({
  moderated: z.preprocess(
    (v) => (v === "true" || v === "on" ? true : v === "false" || v === "off" ? false : v),
    z.boolean("Say whether new reviews wait for staff"),
  ),
});

/** A photo as the service takes it (from JSON's data URL, or a form's file). */
export type PhotoFile = { name: string; type: string; bytes: Uint8Array };

/** The shopper's side (storefront pages and /api/reviews). */
export type ReviewsService = {
  mine(userId: string): Promise<MyReviews>;
  target(userId: string, itemId: string): Promise<ReviewTarget>;
  get(userId: string, id: string): Promise<MyReview>;
  create(userId: string, body: unknown, files?: PhotoFile[]): Promise<MyReview>;
  update(userId: string, id: string, body: unknown, files?: PhotoFile[]): Promise<MyReview>;
  remove(userId: string, id: string): Promise<void>;
  ofProduct(productId: string, query: unknown, viewerId: string | null): Promise<ProductReviews>;
  vote(userId: string, id: string): Promise<HelpfulResult>;
};

/** The back-office's side (/admin/reviews and /api/admin/reviews). */
export type AdminReviewsService = {
  list(staff: Staff, query: unknown): Promise<AdminReviewList>;
  publish(staff: Staff, id: string): Promise<AdminReview>;
  hide(staff: Staff, id: string, body: unknown): Promise<AdminReview>;
  reply(staff: Staff, id: string, body: unknown): Promise<AdminReview>;
  setModerated(staff: Staff, body: unknown): Promise<{ moderated: boolean }>;
};
