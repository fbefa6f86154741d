import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send } from "../../testing/cart-helpers.ts";
import { everyRole, refusals } from "../../testing/staff-helpers.ts";

/**
 * Freebie campaigns in the back-office (decision 061): made, scheduled, edited and switched off;
 * the shop's cached list follows at once; a taken address 409; bad input 400 with nothing written.
 */
let t: TestApp;
let roles: Awaited<ReturnType<typeof everyRole>>;
let slugs: string[];
beforeAll(async () => {
  t = await createTestApp({ products: 4, env: { CACHE_TTL_MS: "60000" } });
  roles = await everyRole(t);
  slugs = (
    await t.database.db.execute(sql`select slug from products order by slug limit 2`)
  ).rows.map((r) => String(r.slug));
});
afterAll(() => t?.close());

const campaign = (over: Record<string, unknown> = {}) => ({
  slug: `free-socks-${Date.now().toString(36)}`,
  title: "Free socks with any order",
  minOrderValue: 1500,
  products: slugs,
  ...over,
});
const shopList = async () =>
  (
    (await send(t, "GET", "/api/freebies", {})).json() as { freebies: { slug: string }[] }
  ).freebies.map((f) => f.slug);

describe("admin freebie campaigns", () => {
  it("a campaign made, scheduled or switched off shows in the shop at once; its address is its own", async () => {
    await shopList(); // the shop's list is now cached for a minute
    const body = campaign();
    const made = await send(t, "POST", "/api/admin/freebies", roles.manager, body);
    expect(made.statusCode, made.body).toBe(200);
    const c = made.json();
    expect(c).toMatchObject({ status: "live", productCount: 2, products: slugs, pickCount: 1 });
    expect(await shopList()).toContain(body.slug);
    const again = await send(t, "POST", "/api/admin/freebies", roles.admin, {
      ...body,
      title: "Other",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(body.slug);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await send(t, "PUT", `/api/admin/freebies/${c._id}`, roles.admin, {
      ...body,
      products: [slugs[0]],
      startsAt: later,
    });
    expect(scheduled.json()).toMatchObject({ status: "scheduled", productCount: 1 });
    expect(await shopList()).not.toContain(body.slug);
    const off = await send(t, "POST", `/api/admin/freebies/${c._id}/switch-off`, roles.manager);
    expect(off.json()).toMatchObject({ active: false, status: "off" });
    const audit = await t.database.db.execute(
      sql`select action from audit_log where record_type = 'freebie' and record_id = ${c._id} order by created_at`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      "freebie_created",
      "freebie_updated",
      "freebie_switched_off",
    ]);
  });

  it("refuses bad input per field with nothing written; vendors and shoppers are refused", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ slug: "Not A Slug" }, "address"],
      [{ title: "" }, "title"],
      [{ minOrderValue: -1 }, "minimum order"],
      [{ pickCount: 0 }, "pick count"],
      [{ products: [] }, "at least one product"],
      [{ products: ["no-such-product"] }, "no-such-product"],
      [{ startsAt: "2027-02-01T00:00:00Z", endsAt: "2027-01-01T00:00:00Z" }, "after the start"],
    ];
    const count = async () =>
      Number((await t.database.db.execute(sql`select count(*) as n from freebies`)).rows[0]?.n);
    const post = (b: Record<string, unknown>) =>
      send(t, "POST", "/api/admin/freebies", roles.admin, b);
    expect(await refusals(post, campaign(), bad, count)).toEqual({ wrong: [], written: 0 });
    for (const who of [roles.vendor, roles.shopper])
      expect((await send(t, "POST", "/api/admin/freebies", who, campaign())).statusCode).toBe(403);
  });

  it("a campaign's picture: uploaded or a stored address, shown in the shop; a missing one is refused, empty is none", async () => {
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#2a7" },
    })
      .png()
      .toBuffer();
    const uploaded = await send(t, "POST", "/api/admin/content-images", roles.manager, {
      kind: "freebies",
      image: `data:image/png;base64,${png.toString("base64")}`,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const image = uploaded.json().url as string;
    expect(image).toMatch(/^\/media\/content\/freebies\/[0-9a-f]{16}\.webp$/);
    const body = campaign({ image });
    const made = await send(t, "POST", "/api/admin/freebies", roles.manager, body);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().image).toBe(image);
    const shown = (await send(t, "GET", `/api/freebies/${body.slug}`, {})).json();
    expect(shown.image).toBe(image);
    expect((await t.app.inject({ url: image })).statusCode).toBe(200);

    const missing = await send(t, "PUT", `/api/admin/freebies/${made.json()._id}`, roles.admin, {
      ...body,
      image: "/media/content/freebies/nothing-here.webp",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("there is no picture at");
    const notOurs = await send(t, "PUT", `/api/admin/freebies/${made.json()._id}`, roles.admin, {
      ...body,
      image: "https://elsewhere.example/cap.png",
    });
    expect(notOurs.statusCode).toBe(400);
    const none = await send(t, "PUT", `/api/admin/freebies/${made.json()._id}`, roles.admin, {
      ...body,
      image: "",
    });
    expect(none.json().image).toBeNull();
    for (const who of [roles.vendor, roles.shopper])
      expect(
        (
          await send(t, "POST", "/api/admin/content-images", who, {
            kind: "freebies",
            image: `data:image/png;base64,${png.toString("base64")}`,
          })
        ).statusCode,
      ).toBe(403);
  });
});
