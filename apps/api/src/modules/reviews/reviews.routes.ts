import { errorBody } from "@maidan/contracts/errors";
import {
  adminReview,
  adminReviewList,
  adminReviewsQuery,
  editReviewBody,
  helpfulResult,
  hideReviewBody,
  myReview,
  myReviews,
  newReviewBody,
  productReviews,
  productReviewsQuery,
  REVIEW_MAX_PHOTOS,
  REVIEW_PHOTO_MAX_KB,
  replyBody,
  reviewSettingsBody,
  reviewTarget,
} from "@maidan/contracts/reviews";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireRole, requireUser, staffOf, userIdOf } from "../auth/auth.plugin.ts";
import type { ReviewsImpl } from "./reviews.service.ts";

const idParam = z.object({ id: z.string().max(100) });
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};
/** Five photos as base64 data URLs: the JSON body of a review may be this large. */
const PHOTOS_BODY_LIMIT =
  REVIEW_MAX_PHOTOS * Math.ceil((REVIEW_PHOTO_MAX_KB * 1024 * 4) / 3) + 65_536;

const WRITE = `A review of one line of the shopper's own order, once it was delivered: rating 1–5, title, text and up to
${REVIEW_MAX_PHOTOS} photos ({image: a base64 data: URL, name?}; JPG, PNG, GIF or WebP, at most ${REVIEW_PHOTO_MAX_KB / 1024} MB each,
stored resized as WebP). Someone else's line → 404; not delivered, a gift, or already reviewed → 409; a bad photo → 400 or
413; nothing is written then. It publishes at once or waits for staff, as the shop's setting says.`;

/** /api/reviews, /api/products/{id}/reviews and /api/admin/reviews (decision 051). */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsImpl }> = async (
  app,
  { reviews },
) => {
  const { shopper, staff } = reviews;
  const tags = ["reviews"];
  const mine = { preHandler: requireUser };

  app.get(
    "/reviews/my",
    {
      ...mine,
      schema: {
        tags,
        summary: "My reviews, and the delivered lines waiting for one",
        response: { 200: myReviews, ...errors },
      },
    },
    (req) => shopper.mine(userIdOf(req)),
  );
  app.get(
    "/reviews/lines/:id",
    {
      ...mine,
      schema: {
        tags,
        summary: "One of my order lines to review, with its review when written",
        params: idParam,
        response: { 200: reviewTarget, ...errors },
      },
    },
    (req) => shopper.target(userIdOf(req), req.params.id),
  );
  app.post(
    "/reviews",
    {
      ...mine,
      bodyLimit: PHOTOS_BODY_LIMIT,
      schema: {
        tags,
        summary: "Review a delivered order line",
        description: WRITE,
        body: newReviewBody,
        response: { 201: myReview, ...errors, 413: errorBody },
      },
    },
    async (req, reply) => reply.code(201).send(await shopper.create(userIdOf(req), req.body)),
  );
  app.get(
    "/reviews/my/:id",
    {
      ...mine,
      schema: {
        tags,
        summary: "One of my reviews",
        params: idParam,
        response: { 200: myReview, ...errors },
      },
    },
    (req) => shopper.get(userIdOf(req), req.params.id),
  );
  app.put(
    "/reviews/my/:id",
    {
      ...mine,
      bodyLimit: PHOTOS_BODY_LIMIT,
      schema: {
        tags,
        summary: "Change my review (photos removed by id, new ones added; five at most)",
        description:
          "Where the shop moderates reviews, and always for a hidden one, the changed review waits for staff again.",
        params: idParam,
        body: editReviewBody,
        response: { 200: myReview, ...errors, 413: errorBody },
      },
    },
    (req) => shopper.update(userIdOf(req), req.params.id, req.body),
  );
  app.delete(
    "/reviews/my/:id",
    {
      ...mine,
      schema: {
        tags,
        summary: "Delete my review and its photos",
        params: idParam,
        response: { 200: z.object({ status: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await shopper.remove(userIdOf(req), req.params.id);
      return { status: true as const };
    },
  );
  app.post(
    "/reviews/:id/helpful",
    {
      ...mine,
      schema: {
        tags,
        summary: "Mark a published review helpful (once per shopper; not one's own)",
        params: idParam,
        response: { 200: helpfulResult, ...errors },
      },
    },
    (req) => shopper.vote(userIdOf(req), req.params.id),
  );
  app.get(
    "/products/:id/reviews",
    {
      schema: {
        tags,
        summary: "A product's rating summary and a page of its published reviews",
        params: idParam,
        querystring: productReviewsQuery,
        response: { 200: productReviews, ...errors },
      },
    },
    (req) => shopper.ofProduct(req.params.id, req.query, req.viewer?.user?.id ?? null),
  );

  // The back-office: managers and admins; vendors the reviews of their own stores' products.
  const admin = ["admin"];
  app.get(
    "/admin/reviews",
    {
      preHandler: requireRole("vendor"),
      schema: {
        tags: admin,
        summary:
          "Reviews by status (pending first: the moderation queue), paged; vendors: their own products'",
        querystring: adminReviewsQuery,
        response: { 200: adminReviewList, ...errors },
      },
    },
    (req) => staff.list(staffOf(req), req.query),
  );
  app.post(
    "/admin/reviews/:id/publish",
    {
      preHandler: requireRole("vendor"),
      schema: {
        tags: admin,
        summary: "Publish a review (emits review.published; audited)",
        params: idParam,
        response: { 200: adminReview, ...errors },
      },
    },
    (req) => staff.publish(staffOf(req), req.params.id),
  );
  app.post(
    "/admin/reviews/:id/hide",
    {
      preHandler: requireRole("vendor"),
      schema: {
        tags: admin,
        summary: "Hide a review with a reason the shopper sees (audited)",
        params: idParam,
        body: hideReviewBody,
        response: { 200: adminReview, ...errors },
      },
    },
    (req) => staff.hide(staffOf(req), req.params.id, req.body),
  );
  app.put(
    "/admin/reviews/:id/reply",
    {
      preHandler: requireRole("vendor"),
      schema: {
        tags: admin,
        summary: "Reply to a review as the shop (shown under it; audited)",
        params: idParam,
        body: replyBody,
        response: { 200: adminReview, ...errors },
      },
    },
    (req) => staff.reply(staffOf(req), req.params.id, req.body),
  );
  app.put(
    "/admin/reviews/settings",
    {
      preHandler: requireRole("admin"),
      schema: {
        tags: admin,
        summary: "Whether new reviews wait for staff (true) or publish at once (admins)",
        body: reviewSettingsBody,
        response: { 200: z.object({ moderated: z.boolean() }), ...errors },
      },
    },
    (req) => staff.setModerated(staffOf(req), req.body),
  );
};
