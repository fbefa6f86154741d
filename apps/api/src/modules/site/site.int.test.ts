import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("start-up API (spec §7)", () => {
  it("GET /api/pages/router lists pages with page_type and categories with slug", async () => {
    const res = await get("/api/pages/router");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pages.length).toBeGreaterThan(3);
    for (const p of body.pages) {
      expect(Object.keys(p).sort()).toEqual(["page_type", "slug"]);
      expect(["dynamic", "static"]).toContain(p.page_type);
    }
    expect(body.pages.some((p: { page_type: string }) => p.page_type === "dynamic")).toBe(true);
    expect(body.categories.map((c: { slug: string }) => c.slug)).toContain("men-clothing");
  });

  it("GET /api/landing?v2=true returns entries with route and a status flag", async () => {
    const res = await get("/api/landing?v2=true");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    for (const e of body.data) expect(typeof e.route).toBe("string");
  });

  it("GET /api/landing/ filtered by landingPage=sale gives the sale entry first", async () => {
    const res = await get("/api/landing/?landingPage=sale");
    expect(res.statusCode).toBe(200);
    const [first] = res.json().data;
    expect(first.landingPage).toBe("sale");
    expect(first.route).toBe("sale");
  });

  it("GET /api/settings/server-settings returns the public settings", async () => {
    const res = await get("/api/settings/server-settings");
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.guestLogin).toBe(true);
    expect(s.primaryColor).toBe("#f46b22");
    expect(s.mainTheme).toBe(3);
    expect(s.currency.symbol).toBe("Rs.");
    expect(s.analytics.google_status).toMatch(/enabled|disabled/);
    expect(s.bannersA.slider.length).toBeGreaterThan(0);
    expect(s.bannersA.mobile_slider.length).toBeGreaterThan(0);
    expect(s.bannersA.slider[0]).toMatchObject({
      img: expect.any(String),
      link: expect.any(String),
    });
    expect((await get("/api/settings")).json()).toEqual(s);
  });

  it("settings say how sales tax shows: inclusive by default, and only the three known ways", async () => {
    expect((await get("/api/settings/server-settings")).json().taxDisplay).toBe("inclusive");
    const set = (v: string) =>
      t.database.pool.query("update settings set tax_display = $1 where id = 1", [v]);
    await expect(set("exclusive")).rejects.toThrow(/settings_tax_display_check/);
    for (const v of ["per_item", "hidden", "inclusive"]) await set(v);
  });

  it("GET /api/shippings/default returns the default method with an integer charge", async () => {
    const res = await get("/api/shippings/default");
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.isDefault).toBe(true);
    expect(Number.isInteger(s.charge)).toBe(true);
  });

  it("GET /api/pages/:slug returns a page, and 404 with {message,status} for an unknown one", async () => {
    expect((await get("/api/pages/about-us")).json().title).toBeTruthy();
    const missing = await get("/api/pages/no-such-page");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: expect.any(String), status: 404 });
  });

  it("health and readiness answer", async () => {
    expect((await get("/api/health")).json()).toEqual({ status: "ok" });
    const ready = await get("/api/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ok", database: "ok", cache: "ok" });
  });

  it("serves the OpenAPI document generated from the zod schemas", async () => {
    const res = await get("/api/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths["/api/pages/router"].get.responses["200"]).toBeTruthy();
    expect(doc.paths["/api/landing"].get.parameters.map((p: { name: string }) => p.name)).toContain(
      "landingPage",
    );
  });
});

describe("site service", () => {
  it("home data has categories and priced product tiles", async () => {
    const home = await t.app.domains.site.home();
    expect(home.categories.length).toBeGreaterThan(5);
    expect(home.newArrivals.length).toBeGreaterThan(0);
    for (const p of [...home.featured, ...home.onSale]) {
      expect(Number.isInteger(p.price)).toBe(true);
      expect(p.mrp).toBeGreaterThanOrEqual(p.price);
    }
    expect(home.onSale.every((p) => p.mrp > p.price)).toBe(true);
  });

  it("category pages resolve parent, child and the legacy 'all' child", async () => {
    const site = t.app.domains.site;
    const men = await site.categoryPage("men");
    expect(men?.children.map((c) => c.slug)).toContain("men-clothing");
    expect((await site.categoryPage("men", "all"))?.category.slug).toBe("men");
    expect((await site.categoryPage("men", "men-shoes"))?.parent?.slug).toBe("men");
    expect(await site.categoryPage("men", "women-shoes")).toBeNull();
    expect(await site.categoryPage("nope")).toBeNull();
  });
});
