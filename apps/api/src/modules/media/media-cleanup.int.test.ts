import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sameOrigin } from "../../testing/auth-helpers.ts";
import { send } from "../../testing/cart-helpers.ts";
import { multipart } from "../../testing/multipart.ts";
import { type S3TestServer, startS3Server } from "../../testing/s3-server.ts";
import { everyRole } from "../../testing/staff-helpers.ts";
import { MEDIA_CLEANUP_QUEUE, uploadKeyOf } from "./media-cleanup.ts";

/**
 * Stored pictures nobody names (decision 065): a write that lets go of an uploaded picture queues
 * its removal in its transaction; the job removes the file unless a record still names it. On the
 * local disk and on an S3 bucket.
 */
const png = (color: string) =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer();

describe.each(["disk", "s3"] as const)("uploaded pictures let go of (%s)", (storage) => {
  let t: TestApp;
  let s3: S3TestServer | undefined;
  let roles: Awaited<ReturnType<typeof everyRole>>;
  let productId: string;
  let productSlugs: string[];

  beforeAll(async () => {
    s3 = storage === "s3" ? await startS3Server() : undefined;
    t = await createTestApp({ products: 4, env: s3?.env ?? {} });
    roles = await everyRole(t);
    const rows = (await t.database.db.execute(sql`select id, slug from products order by slug`))
      .rows as { id: string; slug: string }[];
    productId = rows[0]?.id as string;
    productSlugs = rows.map((r) => r.slug);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const stored = (url: string) => t.app.domains.media.exists(uploadKeyOf(url) as string);
  const cleanupsFailed = async () =>
    (await t.app.domains.jobs.queueCounts()).find((q) => q.queue === MEDIA_CLEANUP_QUEUE)?.failed;

  async function addProductImage(color: string) {
    const m = multipart({ alt: `Swatch ${color}` }, { bytes: await png(color), type: "image/png" });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/products/${productId}/images`,
      payload: m.payload,
      headers: { ...sameOrigin(t), ...roles.manager, ...m.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().images as { _id: string; url: string }[]).at(-1) as {
      _id: string;
      url: string;
    };
  }
  const removeProductImage = (imageId: string) =>
    send(t, "DELETE", `/api/admin/products/${productId}/images/${imageId}`, roles.manager);

  async function uploadPicture(kind: string, color: string) {
    const image = `data:image/png;base64,${(await png(color)).toString("base64")}`;
    const res = await send(t, "POST", "/api/admin/content-images", roles.manager, { kind, image });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().url as string;
  }

  it("a product image removed in the editor is gone once its job ran; one still named elsewhere stays", async () => {
    const dropped = await addProductImage("#c00");
    const shared = await addProductImage("#0c0");
    // A brand's logo names the second file too (staff may give any stored picture's address).
    await t.database.db.execute(
      sql`update brands set logo = ${shared.url} where id = (select id from brands limit 1)`,
    );
    expect((await removeProductImage(dropped._id)).statusCode).toBe(200);
    expect((await removeProductImage(shared._id)).statusCode).toBe(200);
    await t.app.domains.jobs.drain();
    expect(await stored(dropped.url)).toBe(false);
    expect(await stored(shared.url)).toBe(true);
    expect((await t.app.inject({ url: dropped.url })).statusCode).toBe(404);
    expect(await cleanupsFailed()).toBe(0);
  });

  it("the job runs twice, or for a file already gone, without failing", async () => {
    const image = await addProductImage("#00c");
    const key = uploadKeyOf(image.url) as string;
    expect((await removeProductImage(image._id)).statusCode).toBe(200);
    const { drop, removeIfUnnamed } = t.app.domains.mediaCleanup;
    // Two more jobs for the same file, in two transactions.
    for (let i = 0; i < 2; i++) await t.database.db.transaction((tx) => drop(tx, [image.url]));
    await t.app.domains.jobs.drain();
    expect(await stored(image.url)).toBe(false);
    expect(await removeIfUnnamed(key)).toEqual({ removed: true });
    expect(await cleanupsFailed()).toBe(0);
  });

  it("a category's replaced picture and a freebie campaign's replaced picture go; a refused change lets go of nothing", async () => {
    const first = await uploadPicture("categories", "#fa0");
    const second = await uploadPicture("categories", "#0af");
    const { records } = (await send(t, "GET", "/api/admin/categories", roles.manager)).json();
    const { _id, ...category } = records[0];
    for (const image of [first, second]) {
      const res = await send(t, "PUT", `/api/admin/categories/${_id}`, roles.manager, {
        ...category,
        image,
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const pictures = [
      await uploadPicture("freebies", "#f0a"),
      await uploadPicture("freebies", "#a0f"),
    ];
    const campaign = {
      slug: `picture-${Date.now().toString(36)}`,
      title: "Free cap with any order",
      products: productSlugs.slice(0, 1),
      image: pictures[0],
    };
    const made = await send(t, "POST", "/api/admin/freebies", roles.manager, campaign);
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json()._id as string;
    // Refused (another campaign's address): the first picture is still the campaign's.
    const other = { ...campaign, slug: `${campaign.slug}-b`, image: null };
    expect((await send(t, "POST", "/api/admin/freebies", roles.manager, other)).statusCode).toBe(
      200,
    );
    const refused = await send(t, "PUT", `/api/admin/freebies/${id}`, roles.manager, {
      ...campaign,
      slug: other.slug,
      image: pictures[1],
    });
    expect(refused.statusCode).toBe(409);
    await t.app.domains.jobs.drain();
    expect(await stored(pictures[0] as string)).toBe(true);

    const replaced = await send(t, "PUT", `/api/admin/freebies/${id}`, roles.manager, {
      ...campaign,
      image: pictures[1],
    });
    expect(replaced.json().image).toBe(pictures[1]);
    await t.app.domains.jobs.drain();
    expect([await stored(first), await stored(second)]).toEqual([false, true]);
    expect([await stored(pictures[0] as string), await stored(pictures[1] as string)]).toEqual([
      false,
      true,
    ]);
  });
});
