import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import {
  ADMIN_REVIEW_PAGE_SIZE,
  type AdminReview,
  type AdminReviewsService,
  adminReviewsQuery,
  editReviewBody,
  hideReviewBody,
  type MyReview,
  newReviewBody,
  type PhotoFile,
  productReviewsQuery,
  REVIEW_MAX_PHOTOS,
  REVIEW_PAGE_SIZE,
  type ReviewLine,
  type ReviewStatus,
  type ReviewsService,
  replyBody,
  reviewMessages,
  reviewSettingsBody,
} from "@maidan/contracts/reviews";
import type { Db, DbOrTx } from "@maidan/db/database";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { keyedCache } from "../../lib/keyed-cache.ts";
import type { Kv } from "../../lib/kv.ts";
import { parseInput } from "../../lib/parse.ts";
import type { RecordAudit } from "../../lib/record-audit.ts";
import { limit } from "../auth/rate-limit.ts";
import type { Events } from "../events/events.ts";
import type { DropFiles } from "../media/media-cleanup.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import { photoFromDataUrl, photoUrl, preparePhotos, reviewPhotoFiles } from "./review-photos.ts";
import * as repo from "./reviews.repository.ts";

export type ReviewsDeps = {
  db: Db;
  kv: Kv;
  media: MediaStorage;
  events: Events;
  audit: RecordAudit;
  /** Queues the removal of photos a write stopped naming, in that write's transaction. */
  dropFiles: DropFiles;
  /** After a commit that changed products' ratings: caches showing them drop them. */
  ratingsChanged: (productIds: string[]) => void;
  /**
   * How long a product's reviews, as an anonymous reader sees them, are reused (0: read every
   * time). Every server-rendered product page shows the first page of them.
   */
  cacheTtlMs?: number;
};

/** Reviews a shopper may write per hour, and helpful votes per ten minutes. */
export const REVIEWS_PER_HOUR = 10;
export const VOTES_PER_10_MIN = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("Review not found");
const iso = (d: string | Date) => new Date(d).toISOString();

const lineOf = (r: repo.LineRow): ReviewLine => ({
  itemId: r.item_id,
  orderId: r.order_id,
  orderNo: r.order_no,
  productId: r.product_id,
  name: r.name,
  slug: r.slug,
  img: r.img,
  size: r.size,
  color: r.color,
  received: r.received,
});

/** "Ayesha K." — the first name and the last name's initial; never an e-mail. */
const shortName = (first: string, last = "") =>
  `${first.trim()}${last.trim() ? ` ${last.trim()[0]?.toUpperCase()}.` : ""}`.trim() ||
  "Maidan shopper";

const groupPhotos = (photos: repo.PhotoRow[]) => {
  const by = new Map<string, { _id: string; url: string }[]>();
  for (const p of photos)
    by.set(p.review_id, [...(by.get(p.review_id) ?? []), { _id: p.id, url: photoUrl(p.key) }]);
  return by;
};

export function createReviews(deps: ReviewsDeps) {
  const { db, kv, events } = deps;
  const files = reviewPhotoFiles(deps.media);
  // Keyed by product, sort and page. A change here drops the product's pages at once and tells
  // the other instances through the cache news (`forget`, wired in the composition root).
  const anonymous = keyedCache(deps.cacheTtlMs ?? 0, { maxEntries: 5_000 });
  const forget = (productIds: string[] | "all") =>
    anonymous.drop(
      (key) => productIds === "all" || productIds.some((id) => key.startsWith(`${id}|`)),
    );
  const ratingsChanged = (productIds: string[]) => {
    forget(productIds);
    deps.ratingsChanged(productIds);
  };

  /** One page of a product's published reviews with the rating summary. */
  async function productReviews(
    productId: string,
    q: ReturnType<typeof productReviewsQuery.parse>,
    viewerId: string | null,
  ) {
    const [page, dist] = await Promise.all([
      repo.productPage(
        db,
        productId,
        q.sort,
        REVIEW_PAGE_SIZE,
        (q.page - 1) * REVIEW_PAGE_SIZE,
        viewerId,
      ),
      repo.distribution(db, productId),
    ]);
    const distribution = [1, 2, 3, 4, 5].map((s) => dist.find((d) => d.rating === s)?.n ?? 0);
    const count = distribution.reduce((a, b) => a + b, 0);
    const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
    const by = groupPhotos(
      await repo.photosOf(
        db,
        page.map((r) => r.id),
      ),
    );
    return {
      summary: {
        average: count ? Math.round((sum / count) * 10) / 10 : 0,
        count,
        distribution,
      },
      reviews: page.map((r) => ({
        _id: r.id,
        author: shortName(r.first_name),
        rating: r.rating,
        title: r.title,
        text: r.text,
        variant: [r.color, r.size].filter(Boolean).join(" / ") || null,
        photos: by.get(r.id) ?? [],
        helpful: r.helpful_count,
        voted: r.voted,
        reply: r.reply && r.reply_at ? { text: r.reply, at: iso(r.reply_at) } : null,
        createdAt: iso(r.created_at),
      })),
      total: count,
      page: q.page,
      pageSize: REVIEW_PAGE_SIZE,
      sort: q.sort,
    };
  }

  async function withPhotos(rows: repo.ReviewRow[]): Promise<MyReview[]> {
    const by = groupPhotos(
      await repo.photosOf(
        db,
        rows.map((r) => r.id),
      ),
    );
    return rows.map((r) => ({
      _id: r.id,
      line: lineOf(r),
      rating: r.rating,
      title: r.title,
      text: r.text,
      status: r.status,
      hideReason: r.status === "hidden" ? r.hide_reason : null,
      reply: r.reply,
      helpful: r.helpful_count,
      photos: by.get(r.id) ?? [],
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    }));
  }

  async function mineOne(userId: string, id: string) {
    if (!UUID.test(id)) throw missing();
    const row = await repo.reviewOfUser(db, userId, id);
    if (!row) throw missing();
    return (await withPhotos([row]))[0] as MyReview;
  }

  /** JSON photos (data URLs) and form files, as one list. */
  function uploads(json: { image: string; name?: string }[], form: PhotoFile[] = []) {
    const fromJson = json.map((p) => {
      const f = photoFromDataUrl(p.image, p.name);
      if (!f) throw badRequest(reviewMessages.photoNotImage);
      return f;
    });
    const all = [...fromJson, ...form];
    if (all.length > REVIEW_MAX_PHOTOS) throw badRequest(reviewMessages.tooManyPhotos);
    return all;
  }

  /** Published for the first time (or again): the event, in the change's transaction. */
  const published = (
    tx: DbOrTx,
    r: { id: string; userId: string; productId: string; slug: string; name: string },
  ) =>
    events.emit(tx, "review.published", r.id, {
      userId: r.userId,
      reviewId: r.id,
      productId: r.productId,
      productSlug: r.slug,
      productName: r.name,
    });

  /**
   * Writes photos first (outside the transaction: storage is not the database), then the rows;
   * when the rows fail, the photos go again, so nothing is left half-written.
   */
  async function withStoredPhotos<T>(
    reviewId: string,
    webps: Buffer[],
    write: (keys: string[]) => Promise<T>,
  ) {
    const keys = await files.save(reviewId, webps);
    try {
      return await write(keys);
    } catch (e) {
      await files.remove(keys);
      throw e;
    }
  }

  const shopper: ReviewsService = {
    async mine(userId) {
      const [reviewed, waiting] = await Promise.all([
        repo.reviewsOfUser(db, userId).then(withPhotos),
        repo.waitingLines(db, userId),
      ]);
      return { reviewed, waiting: waiting.map(lineOf) };
    },

    async target(userId, itemId) {
      if (!UUID.test(itemId)) throw notFound("Order line not found");
      const line = await repo.lineOf(db, userId, itemId);
      if (!line) throw notFound("Order line not found");
      const review = await repo.reviewOfLine(db, itemId);
      return {
        line: lineOf(line),
        review: review ? ((await withPhotos([review]))[0] ?? null) : null,
      };
    },

    get: mineOne,

    async create(userId, body, formFiles) {
      const input = parseInput(newReviewBody, body);
      const line = await repo.lineOf(db, userId, input.itemId);
      if (!line) throw notFound("Order line not found");
      if (!line.received || !line.product_id || line.gift)
        throw conflict(reviewMessages.notReceived);
      if (await repo.reviewOfLine(db, line.item_id)) throw conflict(reviewMessages.already);
      const webps = await preparePhotos(uploads(input.photos, formFiles));
      await limit(kv, `review:${userId}`, REVIEWS_PER_HOUR, 3600, reviewMessages.tooMany);
      const productId = line.product_id;
      const status: ReviewStatus = (await repo.moderated(db)) ? "pending" : "published";
      const id = crypto.randomUUID();
      await withStoredPhotos(id, webps, (keys) =>
        db.transaction(async (tx) => {
          const made = await repo.insertReview(tx, {
            id,
            orderItemId: line.item_id,
            productId,
            userId,
            rating: input.rating,
            title: input.title,
            text: input.text,
            status,
          });
          if (!made) throw conflict(reviewMessages.already);
          await repo.insertPhotos(tx, id, keys, 0);
          if (status === "published") {
            await repo.refreshProductRating(tx, productId);
            await published(tx, { id, userId, productId, slug: line.slug, name: line.name });
          }
        }),
      );
      if (status === "published") ratingsChanged([productId]);
      return mineOne(userId, id);
    },

    async update(userId, id, body, formFiles) {
      if (!UUID.test(id)) throw missing();
      const input = parseInput(editReviewBody, body);
      const before = await repo.reviewOfUser(db, userId, id);
      if (!before) throw missing();
      const webps = await preparePhotos(uploads(input.photos, formFiles));
      const moderated = await repo.moderated(db);
      let status: ReviewStatus = before.status;
      await withStoredPhotos(id, webps, (keys) =>
        db.transaction(async (tx) => {
          const r = await repo.reviewOfUser(tx, userId, id, true);
          if (!r?.product_id) throw missing();
          const dropped = (await repo.deletePhotos(tx, id, input.removePhotos)).map((p) => p.key);
          await deps.dropFiles(tx, dropped);
          const left = await repo.photosOf(tx, [id]);
          if (left.length + keys.length > REVIEW_MAX_PHOTOS)
            throw badRequest(reviewMessages.tooManyPhotos);
          await repo.insertPhotos(tx, id, keys, Math.max(-1, ...left.map((p) => p.position)) + 1);
          // A changed review is checked again where the shop moderates, and a hidden one always.
          status = moderated || r.status === "hidden" ? "pending" : "published";
          await repo.updateReview(tx, id, { ...reviewFieldsOf(input), status });
          await repo.refreshProductRating(tx, r.product_id);
          if (status === "published" && r.status !== "published")
            await published(tx, {
              id,
              userId,
              productId: r.product_id,
              slug: r.slug,
              name: r.name,
            });
        }),
      );
      if (before.product_id && (status === "published" || before.status === "published"))
        ratingsChanged([before.product_id]);
      return mineOne(userId, id);
    },

    async remove(userId, id) {
      if (!UUID.test(id)) throw missing();
      let productId: string | null = null;
      await db.transaction(async (tx) => {
        const r = await repo.reviewOfUser(tx, userId, id, true);
        if (!r) throw missing();
        const keys = (await repo.photosOf(tx, [id])).map((p) => p.key);
        await repo.deleteReview(tx, id);
        await deps.dropFiles(tx, keys);
        if (r.product_id && r.status === "published") {
          productId = r.product_id;
          await repo.refreshProductRating(tx, r.product_id);
        }
      });
      if (productId) ratingsChanged([productId]);
    },

    async ofProduct(productId, query, viewerId) {
      const q = parseInput(productReviewsQuery, query ?? {});
      if (!UUID.test(productId)) throw notFound("Product not found");
      const load = () => productReviews(productId, q, viewerId);
      // A signed-in reader sees their own helpful votes; everyone else shares one copy.
      return viewerId ? load() : anonymous.get(`${productId}|${q.sort}|${q.page}`, load);
    },

    async vote(userId, id) {
      if (!UUID.test(id)) throw missing();
      const r = await repo.publishedReview(db, id);
      if (!r) throw missing();
      if (r.user_id === userId) throw conflict(reviewMessages.ownVote);
      await limit(kv, `review-vote:${userId}`, VOTES_PER_10_MIN, 600, reviewMessages.tooManyVotes);
      const v = await db.transaction((tx) => repo.vote(tx, id, userId));
      return { helpful: v.helpful, voted: true };
    },
  };
  // The back-office.

  const ownerScope = (s: Staff) => (s.role === "vendor" ? s.id : null);
  function requireStaff(s: Staff) {
    if (!hasRole(s.role, "vendor")) throw forbidden();
  }

  async function adminView(staff: Staff, id: string): Promise<AdminReview> {
    const r = await repo.adminOne(db, id, ownerScope(staff));
    if (!r) throw missing();
    return (await adminRows([r]))[0] as AdminReview;
  }

  async function adminRows(rows: repo.AdminRow[]): Promise<AdminReview[]> {
    const by = groupPhotos(
      await repo.photosOf(
        db,
        rows.map((r) => r.id),
      ),
    );
    return rows.map((r) => ({
      _id: r.id,
      product: { _id: r.product_id, name: r.product_name, slug: r.product_slug },
      author: { _id: r.user_id, name: r.author_name || "(no name)", email: r.email },
      orderNo: r.order_no,
      rating: r.rating,
      title: r.title,
      text: r.text,
      status: r.status,
      hideReason: r.hide_reason,
      reply: r.reply,
      photos: by.get(r.id) ?? [],
      helpful: r.helpful_count,
      createdAt: iso(r.created_at),
    }));
  }

  /** A staff change on a locked review, audited; the product's rating follows in the same tx. */
  async function change(
    staff: Staff,
    id: string,
    action: string,
    apply: (
      tx: DbOrTx,
      r: NonNullable<Awaited<ReturnType<typeof repo.lockForStaff>>>,
    ) => Promise<Record<string, unknown>>,
  ) {
    requireStaff(staff);
    if (!UUID.test(id)) throw missing();
    let productId = "";
    await db.transaction(async (tx) => {
      const r = await repo.lockForStaff(tx, id, ownerScope(staff));
      if (!r) throw missing();
      productId = r.product_id;
      const after = await apply(tx, r);
      await repo.refreshProductRating(tx, r.product_id);
      await deps.audit(tx, {
        actor: staff,
        recordType: "review",
        recordId: id,
        action,
        before: { status: r.status, hideReason: r.hide_reason, reply: r.reply },
        after,
      });
    });
    ratingsChanged([productId]);
    return adminView(staff, id);
  }

  const staff: AdminReviewsService = {
    async list(s, query) {
      requireStaff(s);
      const q = parseInput(adminReviewsQuery, query ?? {});
      const rows = await repo.adminPage(
        db,
        q.status,
        ownerScope(s),
        ADMIN_REVIEW_PAGE_SIZE,
        (q.page - 1) * ADMIN_REVIEW_PAGE_SIZE,
      );
      return {
        reviews: await adminRows(rows),
        total: rows[0]?.full_count ?? 0,
        page: q.page,
        pageSize: ADMIN_REVIEW_PAGE_SIZE,
        status: q.status,
        moderated: await repo.moderated(db),
      };
    },

    publish: (s, id) =>
      change(s, id, "publish", async (tx, r) => {
        if (r.status === "published") throw conflict("This review is published already.");
        await repo.setStatus(tx, id, "published", null);
        await published(tx, {
          id,
          userId: r.user_id,
          productId: r.product_id,
          slug: r.product_slug,
          name: r.product_name,
        });
        return { status: "published", hideReason: null, reply: r.reply };
      }),

    async hide(s, id, body) {
      const { reason } = parseInput(hideReviewBody, body);
      return change(s, id, "hide", async (tx, r) => {
        if (r.status === "hidden") throw conflict("This review is hidden already.");
        await repo.setStatus(tx, id, "hidden", reason);
        return { status: "hidden", hideReason: reason, reply: r.reply };
      });
    },

    async reply(s, id, body) {
      const { reply } = parseInput(replyBody, body);
      return change(s, id, "reply", async (tx, r) => {
        await repo.setReply(tx, id, reply);
        return { status: r.status, hideReason: r.hide_reason, reply };
      });
    },

    async setModerated(s, body) {
      if (!hasRole(s.role, "admin")) throw forbidden("Only admins change the shop's settings.");
      const { moderated } = parseInput(reviewSettingsBody, body);
      await db.transaction(async (tx) => {
        const before = await repo.moderated(tx);
        await repo.setModerated(tx, moderated);
        await deps.audit(tx, {
          actor: s,
          recordType: "settings",
          recordId: "reviews",
          action: "reviews_moderation",
          before: { moderated: before },
          after: { moderated },
        });
      });
      return { moderated };
    },
  };

  return { shopper, staff, forget };
}

const reviewFieldsOf = (i: { rating: number; title: string; text: string }) => ({
  rating: i.rating,
  title: i.title,
  text: i.text,
});

export type ReviewsImpl = ReturnType<typeof createReviews>;
