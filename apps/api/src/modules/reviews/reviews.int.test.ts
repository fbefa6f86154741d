import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../../testing/auth-helpers.ts";
import {
  guest,
  pickVariants,
  send,
  setStock,
  type TestVariant,
} from "../../testing/cart-helpers.ts";
import { buy } from "../../testing/order-helpers.ts";
import { deliveredOrder, everyRole, ownStoreOf } from "../../testing/staff-helpers.ts";

/** Reviews (issue #16, decision 051): verified purchase, owners, photos, votes, moderation. */
let t: TestApp;
let roles: Awaited<ReturnType<typeof everyRole>>;
let mine: TestVariant;
let other: TestVariant;

beforeAll(async () => {
  t = await createTestApp({ products: 6 });
  roles = await everyRole(t);
  const [a, b] = await pickVariants(t, 2);
  if (!a || !b) throw new Error("two variants needed");
  [mine, other] = [a, b];
  // The vendor owns the first product's store only.
  await ownStoreOf(t, roles.vendorId, a.pid);
  await setStock(t, a.vid, 500);
  await setStock(t, b.vid, 500);
});
afterAll(() => t?.close());

const shopper = async () => bearer((await signUp(t)).token);
/** A delivered order's line of `v`, bought by `who`. */
async function deliveredLine(who: Record<string, string>, v: TestVariant = mine) {
  const orderId = await deliveredOrder(t, who, v, 1, roles.manager);
  return lineOfOrder(orderId);
}
const lineOfOrder = async (orderId: string) =>
  (
    (
      await t.database.db.execute(
        sql`select id from order_items where order_id = ${orderId} and not gift limit 1`,
      )
    ).rows[0] as { id: string }
  ).id;
const review = (who: Record<string, string>, itemId: string, extra: Record<string, unknown> = {}) =>
  send(t, "POST", "/api/reviews", who, {
    itemId,
    rating: 4,
    title: "Fits well",
    text: "Comfortable on long runs.",
    ...extra,
  });
const count = async (table: string) =>
  Number(
    (
      (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0] as {
        n: number;
      }
    ).n,
  );
const png = async (side = 64) =>
  `data:image/png;base64,${(
    await sharp({
      create: { width: side, height: side, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer()
  ).toString("base64")}`;
const productReviews = (pid: string, query = "", who: Record<string, string> = guest()) =>
  send(t, "GET", `/api/products/${pid}/reviews${query}`, who);
const setModerated = (moderated: boolean) =>
  send(t, "PUT", "/api/admin/reviews/settings", roles.admin, { moderated });

describe("who may review", () => {
  it("only a delivered line of the shopper's own order, once: anything else is a 4xx with nothing written", async () => {
    const buyer = await shopper();
    // Placed, not delivered.
    const placed = await buy(t, buyer, mine, 1);
    const notYet = await lineOfOrder(placed.orders[0]._id);
    const early = await review(buyer, notYet);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      "You can review a product once its order has been delivered to you.",
    );
    const line = await deliveredLine(buyer);
    // Someone else's line is not found, to write or to read.
    const stranger = await shopper();
    expect((await review(stranger, line)).statusCode).toBe(404);
    expect((await send(t, "GET", `/api/reviews/lines/${line}`, stranger)).statusCode).toBe(404);
    expect((await review(guest(), line)).statusCode).toBe(401);
    const before = await count("reviews");
    // Bad fields: the schema's message, nothing written.
    const bad = await review(buyer, line, { rating: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Choose a rating from 1 to 5 stars");
    expect(await count("reviews")).toBe(before);

    const ok = await review(buyer, line);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ status: "pending", rating: 4, line: { itemId: line } });
    const again = await review(buyer, line);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("already reviewed");
    expect(await count("reviews")).toBe(before + 1);

    const target = (await send(t, "GET", `/api/reviews/lines/${line}`, buyer)).json();
    expect(target.review._id).toBe(ok.json()._id);
    const list = (await send(t, "GET", "/api/reviews/my", buyer)).json();
    expect(list.reviewed.map((r: { _id: string }) => r._id)).toEqual([ok.json()._id]);
    // The undelivered line is not waiting for a review; nothing else is either.
    expect(list.waiting).toEqual([]);
    const second = await deliveredLine(buyer, other);
    const waiting = (await send(t, "GET", "/api/reviews/my", buyer)).json().waiting;
    expect(waiting.map((l: { itemId: string }) => l.itemId)).toEqual([second]);
  });

  it("another shopper's review is a 404 to read, change or delete", async () => {
    const buyer = await shopper();
    const id = (await review(buyer, await deliveredLine(buyer))).json()._id as string;
    const stranger = await shopper();
    const edit = { rating: 1, title: "x", text: "y" };
    expect((await send(t, "GET", `/api/reviews/my/${id}`, stranger)).statusCode).toBe(404);
    expect((await send(t, "PUT", `/api/reviews/my/${id}`, stranger, edit)).statusCode).toBe(404);
    expect((await send(t, "DELETE", `/api/reviews/my/${id}`, stranger)).statusCode).toBe(404);
    expect((await send(t, "GET", "/api/reviews/my/not-a-uuid", buyer)).statusCode).toBe(404);
    // Still the owner's, unchanged.
    const own = (await send(t, "GET", `/api/reviews/my/${id}`, buyer)).json();
    expect(own).toMatchObject({ rating: 4, title: "Fits well" });
  });

  it("too many reviews in an hour → 429 with nothing written", async () => {
    const account = await signUp(t);
    const buyer = bearer(account.token);
    const line = await deliveredLine(buyer);
    for (let i = 0; i < 10; i++) await t.kv.incr(`rl:review:${account.id}`, 3600);
    const before = await count("reviews");
    const res = await review(buyer, line);
    expect(res.statusCode).toBe(429);
    expect(await count("reviews")).toBe(before);
  });
});

describe("photos", () => {
  it("are checked (not a picture → 400, too large → 413, more than five → 400) before anything is written", async () => {
    const buyer = await shopper();
    const line = await deliveredLine(buyer);
    const [reviews, photos] = [await count("reviews"), await count("review_photos")];
    const text = `data:image/png;base64,${Buffer.from("<script>alert(1)</script>").toString("base64")}`;
    const notImage = await review(buyer, line, { photos: [{ image: text }] });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe("A photo must be a JPG, PNG, GIF or WebP picture");
    const big = `data:image/png;base64,${Buffer.alloc(2100 * 1024, 1).toString("base64")}`;
    const large = await review(buyer, line, { photos: [{ image: big }] });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe("A photo may not be larger than 2 MB");
    const six = Array.from({ length: 6 }, () => ({ image: "data:image/png;base64,AA==" }));
    expect((await review(buyer, line, { photos: six })).statusCode).toBe(400);
    expect([await count("reviews"), await count("review_photos")]).toEqual([reviews, photos]);
  });

  it("are resized to WebP, shown through /img, and removed on edit", async () => {
    const buyer = await shopper();
    const res = await review(buyer, await deliveredLine(buyer), {
      photos: [{ image: await png(2000), name: "shoe.png" }, { image: await png() }],
    });
    expect(res.statusCode).toBe(201);
    const r = res.json();
    expect(r.photos).toHaveLength(2);
    expect(r.photos[0].url).toMatch(/^\/img\/800\/reviews\/[a-f0-9-]+\.webp$/);
    const img = await send(t, "GET", r.photos[0].url, {});
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.width).toBeLessThanOrEqual(800);
    // Drop one, add one: two again, the new one last.
    const edit = await send(t, "PUT", `/api/reviews/my/${r._id}`, buyer, {
      rating: 5,
      title: "Better",
      text: "After a week.",
      removePhotos: [r.photos[0]._id],
      photos: [{ image: await png(100) }],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().photos.map((p: { _id: string }) => p._id)).not.toContain(r.photos[0]._id);
    expect(edit.json().photos).toHaveLength(2);
    // The dropped photo's removal was queued with the edit: gone once the job ran, the rest kept.
    await t.app.domains.jobs.drain();
    expect((await send(t, "GET", r.photos[0].url.replace("/800/", "/160/"), {})).statusCode).toBe(
      404,
    );
    const kept = edit.json().photos as { url: string }[];
    for (const p of kept) expect((await send(t, "GET", p.url, {})).statusCode).toBe(200);
    // Deleting the review queues its photos' removal in the same transaction.
    expect((await send(t, "DELETE", `/api/reviews/my/${r._id}`, buyer)).statusCode).toBeLessThan(
      300,
    );
    const keys = kept.map((p) => p.url.replace("/img/800/", ""));
    const queued = await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job
        where name = 'media.cleanup' and data->>'key' = any(${sql.param(keys)}::text[])`,
    );
    expect((queued.rows[0] as { n: number }).n).toBe(keys.length);
    await t.app.domains.jobs.drain();
    // A width not asked for before reads the stored original (resized copies stay on disk).
    for (const p of kept)
      expect((await send(t, "GET", p.url.replace("/800/", "/160/"), {})).statusCode).toBe(404);
  });
});

describe("moderation", () => {
  it("a pending review shows nowhere until staff publish it; publishing updates the rating, emits review.published and is audited", async () => {
    const buyer = await shopper();
    const title = `<b>Great</b> <script>alert("x")</script> ${Date.now()}`;
    const id = (await review(buyer, await deliveredLine(buyer), { rating: 5, title })).json()
      ._id as string;
    const onPage = async () =>
      (await productReviews(mine.pid)).json().reviews.map((r: { _id: string }) => r._id);
    expect(await onPage()).not.toContain(id);
    const queue = (await send(t, "GET", "/api/admin/reviews", roles.manager)).json();
    expect(queue.moderated).toBe(true);
    expect(queue.reviews.map((r: { _id: string }) => r._id)).toContain(id);

    // A vendor of another store does not see it; the product's own vendor does.
    const stranger = await everyRole(t);
    expect(
      (await send(t, "POST", `/api/admin/reviews/${id}/publish`, stranger.vendor)).statusCode,
    ).toBe(404);
    const vendorList = (await send(t, "GET", "/api/admin/reviews", roles.vendor)).json();
    expect(
      vendorList.reviews.every((r: { product: { _id: string } }) => r.product._id === mine.pid),
    ).toBe(true);

    const pub = await send(t, "POST", `/api/admin/reviews/${id}/publish`, roles.manager);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().status).toBe("published");
    expect(
      (await send(t, "POST", `/api/admin/reviews/${id}/publish`, roles.manager)).statusCode,
    ).toBe(409);
    const page = (await productReviews(mine.pid)).json();
    const shown = page.reviews.find((r: { _id: string }) => r._id === id);
    // The text is given back as written: pages escape it (React), never run it.
    expect(shown).toMatchObject({ title, rating: 5, voted: false });
    expect(shown.author).not.toContain("@");
    expect(page.summary.count).toBeGreaterThanOrEqual(1);
    expect(page.summary.distribution[4]).toBeGreaterThanOrEqual(1);
    const product = (
      await t.database.db.execute(sql`select rating_count from products where id = ${mine.pid}`)
    ).rows[0] as { rating_count: number };
    expect(product.rating_count).toBe(page.summary.count);

    const event = (
      await t.database.db.execute(
        sql`select payload from domain_events where name = 'review.published' and subject_id = ${id}`,
      )
    ).rows as { payload: Record<string, unknown> }[];
    expect(event).toHaveLength(1);
    expect(event[0]?.payload).toMatchObject({
      reviewId: id,
      productId: mine.pid,
      productSlug: expect.any(String),
      productName: expect.any(String),
      userId: expect.any(String),
    });
    const audit = (
      await send(t, "GET", `/api/admin/audit?record=review:${id}`, roles.admin)
    ).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toContain("publish");
  });

  it("staff hide with a reason the shopper sees, and reply as the shop; a shopper's edit waits again", async () => {
    const buyer = await shopper();
    const id = (await review(buyer, await deliveredLine(buyer))).json()._id as string;
    await send(t, "POST", `/api/admin/reviews/${id}/publish`, roles.admin);
    const reply = await send(t, "PUT", `/api/admin/reviews/${id}/reply`, roles.vendor, {
      reply: "Thank you for shopping with us!",
    });
    expect(reply.statusCode).toBe(200);
    const shown = (await productReviews(mine.pid))
      .json()
      .reviews.find((r: { _id: string }) => r._id === id);
    expect(shown.reply.text).toBe("Thank you for shopping with us!");

    expect(
      (await send(t, "POST", `/api/admin/reviews/${id}/hide`, roles.manager, {})).statusCode,
    ).toBe(400);
    const hide = await send(t, "POST", `/api/admin/reviews/${id}/hide`, roles.manager, {
      reason: "Mentions a phone number",
    });
    expect(hide.statusCode).toBe(200);
    const ids = (await productReviews(mine.pid)).json().reviews.map((r: { _id: string }) => r._id);
    expect(ids).not.toContain(id);
    const own = (await send(t, "GET", `/api/reviews/my/${id}`, buyer)).json();
    expect(own).toMatchObject({ status: "hidden", hideReason: "Mentions a phone number" });
    const edited = await send(t, "PUT", `/api/reviews/my/${id}`, buyer, {
      rating: 3,
      title: "Edited",
      text: "Without the number",
    });
    expect(edited.json()).toMatchObject({ status: "pending", hideReason: null, title: "Edited" });
  });

  it("with moderation off a review publishes at once; only an admin changes the setting", async () => {
    expect(
      (await send(t, "PUT", "/api/admin/reviews/settings", roles.manager, { moderated: false }))
        .statusCode,
    ).toBe(403);
    expect((await setModerated(false)).json()).toEqual({ moderated: false });
    try {
      const buyer = await shopper();
      const r = (await review(buyer, await deliveredLine(buyer, other), { rating: 2 })).json();
      expect(r.status).toBe("published");
      const page = (await productReviews(other.pid)).json();
      expect(page.reviews.map((x: { _id: string }) => x._id)).toContain(r._id);
      // Deleting it takes it off the page and out of the rating.
      expect((await send(t, "DELETE", `/api/reviews/my/${r._id}`, buyer)).statusCode).toBe(200);
      const after = (await productReviews(other.pid)).json();
      expect(after.summary.count).toBe(page.summary.count - 1);
    } finally {
      await setModerated(true);
    }
  });
});

describe("helpful votes and the product's list", () => {
  it("one vote per shopper, never one's own, only on published reviews; most helpful first when asked", async () => {
    const buyer = await shopper();
    const a = (await review(buyer, await deliveredLine(buyer))).json()._id as string;
    const b = (await review(buyer, await deliveredLine(buyer))).json()._id as string;
    const vote = (id: string, who: Record<string, string>) =>
      send(t, "POST", `/api/reviews/${id}/helpful`, who);
    const voter = await shopper();
    expect((await vote(a, voter)).statusCode).toBe(404);
    for (const id of [a, b]) await send(t, "POST", `/api/admin/reviews/${id}/publish`, roles.admin);
    expect((await vote(a, voter)).json()).toEqual({ helpful: 1, voted: true });
    expect((await vote(a, voter)).json()).toEqual({ helpful: 1, voted: true });
    expect((await vote(a, buyer)).statusCode).toBe(409);
    expect((await vote(a, guest())).statusCode).toBe(401);
    expect((await vote(a, await shopper())).json().helpful).toBe(2);
    const helpful = (await productReviews(mine.pid, "?sort=helpful", voter)).json();
    expect(helpful.reviews[0]._id).toBe(a);
    expect(helpful.reviews[0].voted).toBe(true);
    const newest = (await productReviews(mine.pid, "?sort=newest")).json();
    expect(newest.reviews[0]._id).toBe(b);
    expect(newest.pageSize).toBe(5);
    expect((await productReviews(mine.pid, "?sort=best")).statusCode).toBe(400);
    expect((await productReviews("nope")).statusCode).toBe(404);
  });
});
