import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send } from "../../testing/cart-helpers.ts";
import { everyRole } from "../../testing/staff-helpers.ts";

/**
 * The back-office's catalogue structure and content (decision 062): each kind per role, bad
 * input, slugs taken, deletes refused while used, the audit log, and the storefront's cached
 * reads (caching on, as in production) showing a change on the next request.
 */
let t: TestApp;
let who: Awaited<ReturnType<typeof everyRole>>;
let image: string; // a picture the seed put in the media storage

beforeAll(async () => {
  t = await createTestApp({ products: 12, env: { CACHE_TTL_MS: "600000" } });
  who = await everyRole(t);
  // The test's media storage starts empty (the seed's pictures are elsewhere): one picture in it.
  await t.app.domains.media.put("banners/test-slide.webp", new Uint8Array([1, 2, 3]), "image/webp");
  image = "/media/banners/test-slide.webp";
});
afterAll(() => t?.close());

const admin = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
  send(t, method, `/api/admin/${url}`, who.admin, body);
const auditOf = async (type: string, id: string) =>
  (
    await t.database.db.execute(
      sql`select action, actor_role from audit_log where record_type = ${type} and record_id = ${id} order by created_at`,
    )
  ).rows;

describe("categories", () => {
  it("create, rename, move; a taken slug is a 409 naming the other; no move under itself", async () => {
    const top = await admin("POST", "categories", {
      name: "Cricket Gear",
      slug: "cricket-gear",
      image,
    });
    expect(top.statusCode, top.body).toBe(201);
    expect(top.json()).toMatchObject({
      name: "Cricket Gear",
      parentId: null,
      active: true,
      sort: 0,
    });
    const child = await send(t, "POST", "/api/admin/categories", who.manager, {
      name: "Bats",
      slug: "cricket-bats",
      parentId: top.json()._id,
      sort: 2,
    });
    expect(child.statusCode, child.body).toBe(201);
    const taken = await admin("POST", "categories", { name: "Again", slug: "cricket-gear" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'The slug "cricket-gear" is already used by the category "Cricket Gear"',
    );
    const loop = await admin("PUT", `categories/${top.json()._id}`, {
      name: "Cricket Gear",
      slug: "cricket-gear",
      parentId: child.json()._id,
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().message).toMatch(/cannot move under itself/);
    const renamed = await admin("PUT", `categories/${child.json()._id}`, {
      name: "Cricket Bats",
      slug: "cricket-bats",
      parentId: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Cricket Bats", parentId: null });
    expect(await auditOf("category", child.json()._id)).toEqual([
      { action: "create", actor_role: "manager" },
      { action: "update", actor_role: "admin" },
    ]);
  });

  it("bad input: per-field messages, a picture not in the media storage, nothing written", async () => {
    const before = await t.database.db.execute(sql`select count(*)::int as n from categories`);
    for (const [body, message] of [
      [{ name: "", slug: "x" }, /name/],
      [{ name: "X", slug: "Not A Slug" }, /slug/],
      [{ name: "X", slug: "x-1", image: "https://evil.example/x.png" }, /image/],
      [{ name: "X", slug: "x-2", image: "/media/categories/none-such.webp" }, /no picture/],
      [{ name: "X", slug: "x-3", parentId: crypto.randomUUID() }, /parent category does not exist/],
    ] as const) {
      const res = await admin("POST", "categories", body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const after = await t.database.db.execute(sql`select count(*)::int as n from categories`);
    expect(after.rows).toEqual(before.rows);
  });

  it("delete: refused with 409 naming children and products; an empty one goes", async () => {
    const { rows } = await t.database.db.execute(sql`
      select c.id, c.name from categories c
      where exists (select 1 from products p where p.category_id = c.id) limit 1`);
    const used = rows[0] as { id: string; name: string };
    const refused = await admin("DELETE", `categories/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      new RegExp(`^The category "${used.name}" still has .*\\d+ products? \\(`),
    );
    const parent = (await admin("POST", "categories", { name: "Parent", slug: "parent-x" })).json();
    await admin("POST", "categories", { name: "Kid", slug: "kid-x", parentId: parent._id });
    const withKid = await admin("DELETE", `categories/${parent._id}`);
    expect(withKid.statusCode).toBe(409);
    expect(withKid.json().message).toBe(
      'The category "Parent" still has 1 subcategory (Kid): move them first',
    );
    const empty = (await admin("POST", "categories", { name: "Empty", slug: "empty-x" })).json();
    expect((await admin("DELETE", `categories/${empty._id}`)).statusCode).toBe(200);
    expect(await auditOf("category", empty._id)).toHaveLength(2);
    expect((await admin("DELETE", `categories/${empty._id}`)).statusCode).toBe(404);
  });

  it("a new category shows in the (cached) tree and router at once", async () => {
    const tree = async () => JSON.stringify((await send(t, "GET", "/api/categories", {})).json());
    expect(await tree()).not.toContain("table-tennis");
    await admin("POST", "categories", { name: "Table Tennis", slug: "table-tennis" });
    expect(await tree()).toContain("table-tennis");
    const router = (await send(t, "GET", "/api/pages/router", {})).json();
    expect(router.categories).toContainEqual({ slug: "table-tennis" });
  });
});

describe("brands and stores", () => {
  it("a brand: create, taken slug, delete refused while products use it", async () => {
    const b = await admin("POST", "brands", { name: "Maidan Pro", slug: "maidan-pro" });
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().products).toBe(0);
    expect((await admin("POST", "brands", { name: "X", slug: "maidan-pro" })).json().message).toBe(
      'The slug "maidan-pro" is already used by the brand "Maidan Pro"',
    );
    const list = (await admin("GET", "brands")).json().records as {
      slug: string;
      products: number;
      _id: string;
    }[];
    const used = list.find((x) => x.products > 0)!;
    const refused = await admin("DELETE", `brands/${used._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/still has \d+ products? \(/);
    expect((await admin("DELETE", `brands/${b.json()._id}`)).statusCode).toBe(200);
  });

  it("a store: renamed and described, shown by /api/stores at once; unpublished, gone", async () => {
    const store = ((await admin("GET", "stores")).json().records as Record<string, unknown>[])[0]!;
    const before = (await send(t, "GET", `/api/stores/${store.slug}`, {})).json();
    expect(before.name).toBe(store.name);
    const res = await admin("PUT", `stores/${store._id}`, {
      ...store,
      _id: undefined,
      products: undefined,
      ownerId: undefined,
      name: "Lahore Sports House",
      description: "Bats, balls and kits since 1998",
      logo: image,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await send(t, "GET", `/api/stores/${store.slug}`, {})).json();
    expect(after).toMatchObject({
      name: "Lahore Sports House",
      description: "Bats, balls and kits since 1998",
    });
    expect((await admin("DELETE", `stores/${store._id}`)).statusCode).toBe(404);
  });
});

describe("a vendor's own store", () => {
  it("the vendor lists and describes their own store; another's is a 404; a manager may too", async () => {
    const [mine, theirs] = (
      await t.database.db.execute(sql`select id, slug from vendors order by name limit 2`)
    ).rows as { id: string; slug: string }[];
    await t.database.db.execute(
      sql`update vendors set owner_id = ${who.vendorId} where id = ${mine!.id}`,
    );
    const list = (await send(t, "GET", "/api/admin/stores/mine", who.vendor)).json();
    expect(list.stores.map((s: { _id: string }) => s._id)).toEqual([mine!.id]);
    const res = await send(t, "PUT", `/api/admin/stores/${mine!.id}/description`, who.vendor, {
      description: "Hand-stitched footballs from Sialkot",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await send(t, "GET", `/api/stores/${mine!.slug}`, {})).json().description).toBe(
      "Hand-stitched footballs from Sialkot",
    );
    expect(await auditOf("store", mine!.id)).toContainEqual({
      action: "describe",
      actor_role: "vendor",
    });
    const other = await send(t, "PUT", `/api/admin/stores/${theirs!.id}/description`, who.vendor, {
      description: "Not mine",
    });
    expect(other.statusCode).toBe(404);
    const byManager = await send(
      t,
      "PUT",
      `/api/admin/stores/${theirs!.id}/description`,
      who.manager,
      {
        description: "",
      },
    );
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().description).toBeNull();
  });
});

describe("pictures", () => {
  const png = async (w: number, h: number) =>
    `data:image/png;base64,${(
      await sharp({
        create: { width: w, height: h, channels: 3, background: "#f46b22" },
      })
        .png()
        .toBuffer()
    ).toString("base64")}`;
  const upload = (headers: Record<string, string>, body: unknown) =>
    send(t, "POST", "/api/admin/content-images", headers, body);

  it("an uploaded picture is stored as WebP, served, and usable as a slide's picture", async () => {
    const res = await upload(who.manager, { kind: "banners", image: await png(2400, 800) });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/^\/media\/content\/banners\/[0-9a-f]{16}\.webp$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    // Slides keep 1920 px a side, in proportion.
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1920, 640]);
    const slide = await admin("POST", "banners", {
      kind: "mobile_slider",
      img: url,
      link: "/sale",
      alt: "Uploaded slide",
    });
    expect(slide.statusCode, slide.body).toBe(201);
    expect((await admin("DELETE", `banners/${slide.json()._id}`)).statusCode).toBe(200);
  });

  it("not a picture 400, too large 413, a vendor 403, nobody signed in 401; nothing stored", async () => {
    const notImage = await upload(who.admin, {
      kind: "categories",
      image: `data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`,
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe("The file must be a JPG, PNG, GIF, WebP or AVIF picture.");
    const big = await upload(who.admin, {
      kind: "categories",
      image: `data:image/png;base64,${Buffer.alloc(9 * 1024 * 1024).toString("base64")}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ status: 413 });
    const picture = await png(10, 10);
    expect((await upload(who.vendor, { kind: "stores", image: picture })).statusCode).toBe(403);
    expect((await upload({}, { kind: "stores", image: picture })).statusCode).toBe(401);
    expect((await upload(who.admin, { kind: "pages", image: picture })).statusCode).toBe(400);
  });
});

describe("home banners", () => {
  const settings = async () => (await send(t, "GET", "/api/settings", {})).json().bannersA;

  it("add, reorder and remove slides; the settings show each change on the next request", async () => {
    const first = await settings();
    const added = await admin("POST", "banners", {
      kind: "slider",
      img: image,
      link: "/pages/eid-sale",
      alt: "Eid sale",
    });
    expect(added.statusCode, added.body).toBe(201);
    const now = await settings();
    expect(now.slider).toHaveLength(first.slider.length + 1);
    expect(now.slider.at(-1)).toEqual({ img: image, link: "/pages/eid-sale", alt: "Eid sale" });
    const ids = ((await admin("GET", "banners")).json().records as { _id: string; kind: string }[])
      .filter((b) => b.kind === "slider")
      .map((b) => b._id);
    const reordered = await admin("POST", "banners/order", {
      kind: "slider",
      ids: [added.json()._id, ...ids.filter((i) => i !== added.json()._id)],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await settings()).slider[0].alt).toBe("Eid sale");
    const partial = await admin("POST", "banners/order", { kind: "slider", ids: ids.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect((await admin("DELETE", `banners/${added.json()._id}`)).statusCode).toBe(200);
    expect(await settings()).toEqual(first);
  });

  it("links stay on the site or are https", async () => {
    for (const link of [
      "javascript:alert(1)",
      "//evil.example",
      "http://evil.example",
      "/x:y",
      "evil.example",
    ]) {
      const res = await admin("POST", "banners", { kind: "slider", img: image, link, alt: "x" });
      expect(res.statusCode, link).toBe(400);
      expect(res.json().message).toMatch(/link/i);
    }
    const ok = await admin("POST", "banners", {
      kind: "mobile_slider",
      img: image,
      link: "https://maidan.pk/sale?utm=banner",
      alt: "x",
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe("landing, CMS pages and the help center", () => {
  it("a landing entry: created, at /api/landing at once; a taken route 409; bad JSON 400", async () => {
    const res = await admin("POST", "landing", {
      route: "eid-sale",
      title: "Eid Sale",
      landingPage: "sale",
      data: { headline: "Eid Mubarak", onSale: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = (await send(t, "GET", "/api/landing?route=eid-sale", {})).json();
    expect(list.data[0]).toMatchObject({ title: "Eid Sale", data: { headline: "Eid Mubarak" } });
    expect((await admin("POST", "landing", { route: "eid-sale", title: "X" })).statusCode).toBe(
      409,
    );
    const bad = await t.app.domains.staffContent
      .create({ id: crypto.randomUUID(), role: "admin" }, "landing", {
        route: "x",
        title: "X",
        data: "{oops",
      })
      .catch((e) => e);
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/JSON object/);
  });

  it("a CMS page: stored sanitised, published and unpublished; a category's slug is taken", async () => {
    const body =
      '<h1>Returns</h1><p onclick="x()">Send it back</p><script>alert(1)</script><iframe src="x"></iframe>';
    const res = await admin("POST", "pages", { slug: "returns-policy", title: "Returns", body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().body).toBe("<h2>Returns</h2><p>Send it back</p>");
    expect((await send(t, "GET", "/api/pages/returns-policy", {})).json().body).toBe(
      "<h2>Returns</h2><p>Send it back</p>",
    );
    const off = await admin("PUT", `pages/${res.json()._id}`, {
      slug: "returns-policy",
      title: "Returns",
      body: "<p>Send it back</p>",
      active: false,
    });
    expect(off.statusCode).toBe(200);
    expect((await send(t, "GET", "/api/pages/returns-policy", {})).statusCode).toBe(404);
    const { rows } = await t.database.db.execute(sql`select slug, name from categories limit 1`);
    const cat = rows[0] as { slug: string; name: string };
    const clash = await admin("POST", "pages", { slug: cat.slug, title: "X", body: "<p>x</p>" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      `The slug "${cat.slug}" is already used by the category "${cat.name}"`,
    );
    const empty = await admin("POST", "pages", {
      slug: "only-script",
      title: "X",
      body: "<script>x</script>",
    });
    expect(empty.statusCode).toBe(400);
  });

  it("a help article: written, found in the help center at once, unpublished, gone", async () => {
    const res = await admin("POST", "help-articles", {
      slug: "cod-limits",
      topic: "Payments",
      title: "How much can I pay on delivery?",
      body: "<p>Up to <strong>Rs. 50,000</strong> per order.</p>",
    });
    expect(res.statusCode, res.body).toBe(201);
    const found = (await send(t, "GET", "/api/help-center/cod-limits", {})).json();
    expect(found.title).toBe("How much can I pay on delivery?");
    const { _id, ...article } = res.json() as Record<string, unknown>;
    const off = await admin("PUT", `help-articles/${_id}`, {
      ...article,
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await send(t, "GET", "/api/help-center/cod-limits", {})).statusCode).toBe(404);
    expect((await admin("DELETE", `help-articles/${_id}`)).statusCode).toBe(404);
  });

  it("the sitemap lists a new landing route and CMS page at once", async () => {
    const pages = async () => (await send(t, "GET", "/sitemaps/pages.xml", {})).body;
    expect(await pages()).not.toContain("/pages/winter-kits");
    await admin("POST", "landing", { route: "winter-kits", title: "Winter kits" });
    await admin("POST", "pages", { slug: "size-guide", title: "Size guide", body: "<p>S M L</p>" });
    expect(await pages()).toContain("/pages/winter-kits");
    expect(await pages()).toContain("/size-guide");
  });
});

describe("roles", () => {
  it("visitors 401, shoppers and vendors 403; nothing written", async () => {
    for (const [headers, status] of [
      [{}, 401],
      [who.shopper, 403],
      [who.vendor, 403],
    ] as const) {
      expect((await send(t, "GET", "/api/admin/categories", headers)).statusCode).toBe(status);
      const res = await send(t, "POST", "/api/admin/help-articles", headers, {
        slug: "nope",
        topic: "X",
        title: "X",
        body: "<p>x</p>",
      });
      expect(res.statusCode).toBe(status);
    }
    expect(
      (await t.database.db.execute(sql`select 1 from help_articles where slug = 'nope'`)).rows,
    ).toEqual([]);
  });
});
