import type { ReviewSort, ReviewStatus } from "@maidan/contracts/reviews";
import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import { reviewPhotos, reviews, reviewVotes } from "@maidan/db/schema-reviews";
import { and, eq, inArray, sql } from "drizzle-orm";

/** Order statuses after which the shopper has the product in hand. */
export const RECEIVED = ["delivered", "return_requested", "returned"] as const;
const received = sql.raw(`(${RECEIVED.map((s) => `'${s}'`).join(",")})`);

export type LineRow = {
  item_id: string;
  order_id: string;
  order_no: string;
  product_id: string | null;
  name: string;
  slug: string;
  img: string | null;
  size: string | null;
  color: string | null;
  gift: boolean;
  received: boolean;
};

const LINE_COLUMNS = sql`oi.id as item_id, o.id as order_id, o.order_no, oi.product_id, oi.name,
  oi.slug, oi.img, oi.size, oi.color, oi.gift, (o.status in ${received}) as received`;

/** One of the user's order lines (another's or none: null). */
export const lineOf = (db: DbOrTx, userId: string, itemId: string) =>
  first<LineRow>(
    db,
    sql`select ${LINE_COLUMNS} from order_items oi join orders o on o.id = oi.order_id
      where oi.id = ${itemId} and o.user_id = ${userId}`,
  );

/** Lines the user received and has not reviewed (gifts and removed products left out). */
export const waitingLines = (db: DbOrTx, userId: string) =>
  rows<LineRow>(
    db,
    sql`select ${LINE_COLUMNS} from order_items oi join orders o on o.id = oi.order_id
      where o.user_id = ${userId} and o.status in ${received} and not oi.gift
        and oi.product_id is not null
        and not exists (select 1 from reviews r where r.order_item_id = oi.id)
      order by o.created_at desc, oi.id limit 100`,
  );

export type ReviewRow = LineRow & {
  id: string;
  user_id: string;
  rating: number;
  title: string;
  text: string;
  status: ReviewStatus;
  hide_reason: string | null;
  reply: string | null;
  reply_at: string | Date | null;
  helpful_count: number;
  created_at: string | Date;
  updated_at: string | Date;
};

const REVIEW_COLUMNS = sql`r.id, r.user_id, r.rating, r.title, r.text, r.status, r.hide_reason,
  r.reply, r.reply_at, r.helpful_count, r.created_at, r.updated_at, ${LINE_COLUMNS}`;
const REVIEW_FROM = sql`reviews r join order_items oi on oi.id = r.order_item_id
  join orders o on o.id = oi.order_id`;

/** The user's reviews, newest first. */
export const reviewsOfUser = (db: DbOrTx, userId: string) =>
  rows<ReviewRow>(
    db,
    sql`select ${REVIEW_COLUMNS} from ${REVIEW_FROM} where r.user_id = ${userId}
      order by r.created_at desc, r.id limit 200`,
  );

/** A review of the user's, locked when `lock` (for a change). */
export const reviewOfUser = (db: DbOrTx, userId: string, id: string, lock = false) =>
  first<ReviewRow>(
    db,
    sql`select ${REVIEW_COLUMNS} from ${REVIEW_FROM} where r.id = ${id} and r.user_id = ${userId}
      ${lock ? sql`for update of r` : sql``}`,
  );

export const reviewOfLine = (db: DbOrTx, itemId: string) =>
  first<ReviewRow>(
    db,
    sql`select ${REVIEW_COLUMNS} from ${REVIEW_FROM} where r.order_item_id = ${itemId}`,
  );

export type PhotoRow = { id: string; review_id: string; key: string; position: number };

export const photosOf = async (db: DbOrTx, reviewIds: string[]): Promise<PhotoRow[]> =>
  reviewIds.length === 0
    ? []
    : await db
        .select({
          id: reviewPhotos.id,
          review_id: reviewPhotos.reviewId,
          key: reviewPhotos.key,
          position: reviewPhotos.position,
        })
        .from(reviewPhotos)
        .where(inArray(reviewPhotos.reviewId, reviewIds))
        .orderBy(reviewPhotos.position, reviewPhotos.createdAt);

export async function insertReview(
  tx: DbOrTx,
  r: {
    id: string;
    orderItemId: string;
    productId: string;
    userId: string;
    rating: number;
    title: string;
    text: string;
    status: ReviewStatus;
  },
) {
  // A second review of the line (two requests at once) meets the unique key: nothing written.
  const [row] = await tx
    .insert(reviews)
    .values({ ...r, publishedAt: r.status === "published" ? sql`now()` : null })
    .onConflictDoNothing({ target: reviews.orderItemId })
    .returning({ id: reviews.id });
  return row?.id ?? null;
}

export const updateReview = (
  tx: DbOrTx,
  id: string,
  r: { rating: number; title: string; text: string; status: ReviewStatus },
) =>
  tx
    .update(reviews)
    .set({ ...r, hideReason: r.status === "hidden" ? undefined : null, updatedAt: sql`now()` })
    .where(eq(reviews.id, id));

export const deleteReview = (tx: DbOrTx, id: string) =>
  tx.delete(reviews).where(eq(reviews.id, id));

export const insertPhotos = async (tx: DbOrTx, reviewId: string, keys: string[], from: number) => {
  if (keys.length > 0)
    await tx
      .insert(reviewPhotos)
      .values(keys.map((key, i) => ({ reviewId, key, position: from + i })));
};

export const deletePhotos = (tx: DbOrTx, reviewId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : tx
        .delete(reviewPhotos)
        .where(and(eq(reviewPhotos.reviewId, reviewId), inArray(reviewPhotos.id, ids)))
        .returning({ key: reviewPhotos.key });

/**
 * The product's rating columns (listing tiles, sort by rating, the page's header) follow its
 * published reviews, in the transaction that changed them (decision 051).
 */
export const refreshProductRating = (tx: DbOrTx, productId: string) =>
  tx.execute(sql`update products p set
      rating_avg_x100 = coalesce(s.avg_x100, 0), rating_count = s.n
    from (select round(avg(rating) * 100)::int as avg_x100, count(*)::int as n
      from reviews where product_id = ${productId} and status = 'published') s
    where p.id = ${productId}`);

export type PublicRow = {
  id: string;
  first_name: string;
  rating: number;
  title: string;
  text: string;
  size: string | null;
  color: string | null;
  helpful_count: number;
  voted: boolean;
  reply: string | null;
  reply_at: string | Date | null;
  created_at: string | Date;
  full_count: number;
};

/** A page of a product's published reviews. */
export const productPage = (
  db: DbOrTx,
  productId: string,
  sort: ReviewSort,
  limit: number,
  offset: number,
  viewerId: string | null,
) =>
  rows<PublicRow>(
    db,
    sql`select r.id, u.first_name, r.rating, r.title, r.text, oi.size, oi.color, r.helpful_count,
        r.reply, r.reply_at, r.created_at, count(*) over ()::int as full_count,
        ${
          viewerId
            ? sql`exists (select 1 from review_votes v where v.review_id = r.id and v.user_id = ${viewerId})`
            : sql`false`
        } as voted
      from reviews r join users u on u.id = r.user_id
        join order_items oi on oi.id = r.order_item_id
      where r.product_id = ${productId} and r.status = 'published'
      order by ${sort === "helpful" ? sql`r.helpful_count desc, r.created_at desc` : sql`r.created_at desc`}, r.id
      limit ${limit} offset ${offset}`,
  );

export const publishedCount = async (db: DbOrTx, productId: string) =>
  (
    await first<{ n: number }>(
      db,
      sql`select count(*)::int as n from reviews where product_id = ${productId} and status = 'published'`,
    )
  )?.n ?? 0;

/** How many published reviews gave each number of stars. */
export const distribution = (db: DbOrTx, productId: string) =>
  rows<{ rating: number; n: number }>(
    db,
    sql`select rating, count(*)::int as n from reviews
      where product_id = ${productId} and status = 'published' group by rating`,
  );

/** A published review's writer, for the vote rules; null when none is published. */
export const publishedReview = (db: DbOrTx, id: string) =>
  first<{ user_id: string }>(
    db,
    sql`select user_id from reviews where id = ${id} and status = 'published'`,
  );

/** One vote per shopper: true when this one counted. The count moves in the same statement's tx. */
export async function vote(tx: DbOrTx, reviewId: string, userId: string) {
  const [added] = await tx
    .insert(reviewVotes)
    .values({ reviewId, userId })
    .onConflictDoNothing()
    .returning({ reviewId: reviewVotes.reviewId });
  if (added)
    await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
      .where(eq(reviews.id, reviewId));
  const [r] = await tx
    .select({ helpful: reviews.helpfulCount })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  return { counted: added !== undefined, helpful: r?.helpful ?? 0 };
}

// The back-office.

export type AdminRow = {
  id: string;
  product_id: string;
  product_name: string;
  product_slug: string;
  user_id: string;
  author_name: string;
  email: string | null;
  order_no: string;
  rating: number;
  title: string;
  text: string;
  status: ReviewStatus;
  hide_reason: string | null;
  reply: string | null;
  helpful_count: number;
  created_at: string | Date;
  full_count: number;
};

const ADMIN_SELECT = sql`select r.id, r.product_id, p.name as product_name, p.slug as product_slug,
    r.user_id, trim(u.first_name || ' ' || u.last_name) as author_name, u.email, o.order_no,
    r.rating, r.title, r.text, r.status, r.hide_reason, r.reply, r.helpful_count, r.created_at,
    count(*) over ()::int as full_count
  from reviews r join products p on p.id = r.product_id join users u on u.id = r.user_id
    join order_items oi on oi.id = r.order_item_id join orders o on o.id = oi.order_id`;

/** `vendorOwner`: only the reviews of that owner's stores' products. */
const scope = (vendorOwner: string | null) =>
  vendorOwner
    ? sql`and p.vendor_id in (select id from vendors where owner_id = ${vendorOwner})`
    : sql``;

export const adminPage = (
  db: DbOrTx,
  status: ReviewStatus,
  vendorOwner: string | null,
  limit: number,
  offset: number,
) =>
  rows<AdminRow>(
    db,
    sql`${ADMIN_SELECT} where r.status = ${status} ${scope(vendorOwner)}
      order by r.created_at ${status === "pending" ? sql`asc` : sql`desc`}, r.id
      limit ${limit} offset ${offset}`,
  );

export const adminOne = (db: DbOrTx, id: string, vendorOwner: string | null) =>
  first<AdminRow>(db, sql`${ADMIN_SELECT} where r.id = ${id} ${scope(vendorOwner)}`);

/** Locks the review for a staff change; null when it is not there (or not the vendor's). */
export const lockForStaff = (tx: DbOrTx, id: string, vendorOwner: string | null) =>
  first<{
    id: string;
    status: ReviewStatus;
    hide_reason: string | null;
    reply: string | null;
    user_id: string;
    product_id: string;
    product_slug: string;
    product_name: string;
  }>(
    tx,
    sql`select r.id, r.status, r.hide_reason, r.reply, r.user_id, r.product_id,
        p.slug as product_slug, p.name as product_name
      from reviews r join products p on p.id = r.product_id
      where r.id = ${id} ${scope(vendorOwner)} for update of r`,
  );

export const setStatus = (
  tx: DbOrTx,
  id: string,
  status: ReviewStatus,
  hideReason: string | null,
) =>
  tx
    .update(reviews)
    .set({
      status,
      hideReason,
      ...(status === "published" ? { publishedAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(reviews.id, id));

export const setReply = (tx: DbOrTx, id: string, reply: string) =>
  tx.update(reviews).set({ reply, replyAt: sql`now()` }).where(eq(reviews.id, id));

export const moderated = async (db: DbOrTx) =>
  (await first<{ m: boolean }>(db, sql`select reviews_moderated as m from settings where id = 1`))
    ?.m ?? true;

export const setModerated = (tx: DbOrTx, on: boolean) =>
  tx.execute(sql`update settings set reviews_moderated = ${on}, updated_at = now() where id = 1`);
