import { PRODUCT_CSV_COLUMNS, type ProductImport } from "@maidan/contracts/product-imports";
import { createTestApp, type TestApp } from "@maidan/server/testing/test-app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, sameOrigin, signUp } from "../../testing/auth-helpers.ts";
import { loginAs, staffAccount } from "../../testing/staff-helpers.ts";

/** Product CSV imports and the export (decision 063). */
let t: TestApp;
let admin: Record<string, string>;
let names: { category: string; brand: string; store: string; otherStore: string };
beforeAll(async () => {
  t = await createTestApp({ products: 6 });
  admin = await loginAs(t, "admin@test.pk", "admin-pass-123");
  const q = async (text: string) =>
    String((await t.database.pool.query<{ slug: string }>(text)).rows[0]?.slug);
  names = {
    category: await q(
      "select slug from categories c where not exists (select 1 from categories k where k.parent_id = c.id) order by slug limit 1",
    ),
    brand: await q("select slug from brands order by slug limit 1"),
    store: await q("select slug from vendors order by slug limit 1"),
    otherStore: await q("select slug from vendors order by slug desc limit 1"),
  };
});
afterAll(async () => {
  await t?.close();
});

type Cells = Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>;
const csv = (rows: Cells[], columns: readonly string[] = PRODUCT_CSV_COLUMNS) =>
  [columns.join(","), ...rows.map((r) => columns.map((c) => r[c as keyof Cells] ?? "").join(","))]
    .join("\n")
    .concat("\n");
const product = (slug: string, over: Cells = {}): Cells => ({
  slug,
  name: `Imported ${slug}`,
  category: names.category,
  brand: names.brand,
  store: names.store,
  status: "active",
  description: "From a file",
  keywords: "import test",
  synonyms: "joota",
  sku: `${slug.toUpperCase()}-1`,
  size: "M",
  color: "Black",
  price: "2500",
  sale_price: "1999",
  stock: "7",
  ...over,
});
const upload = (who: Record<string, string>, body: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/product-imports?fileName=test.csv",
    headers: { ...sameOrigin(t), ...who, "content-type": "text/csv" },
    payload: body,
  });
const start = (who: Record<string, string>, id: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/product-imports/${id}/start`,
    headers: { ...sameOrigin(t), ...who },
  });
const previewOf = async (who: Record<string, string>, body: string) => {
  const res = await upload(who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductImport;
};
const productRow = async (slug: string) =>
  (
    await t.database.pool.query<{ id: string; name: string; status: string; price: number }>(
      "select id, name, status, price from products where slug = $1",
      [slug],
    )
  ).rows[0];
const variantsOf = async (slug: string) =>
  (
    await t.database.pool.query<{ sku: string; price: number; mrp: number; stock: number }>(
      "select v.sku, v.price, v.mrp, v.stock from variants v join products p on p.id = v.product_id where p.slug = $1 and v.active order by v.sku",
      [slug],
    )
  ).rows;
const exportCsv = async (who: Record<string, string>) => {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/admin/products/export.csv",
    headers: who,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/csv/);
  return res.body;
};

describe("importing products from CSV", () => {
  it("checks the file and writes nothing; started, its products are written with their variants", async () => {
    const body = csv([
      product("csv-kurta", { size: "S", sku: "CSV-KURTA-S" }),
      product("csv-kurta", {
        name: "",
        category: "",
        sku: "CSV-KURTA-M",
        size: "M",
        price: "2600",
        sale_price: "",
        stock: "3",
      }),
      product("csv-shoe", { status: "draft" }),
    ]);
    const preview = await previewOf(admin, body);
    expect(preview).toMatchObject({
      status: "previewed",
      rows: 3,
      products: 2,
      creates: 2,
      updates: 0,
      done: 0,
      errorCount: 0,
      errors: [],
    });
    expect(await productRow("csv-kurta")).toBeUndefined();

    const started = await start(admin, preview._id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().status).toBe("queued");
    // Started twice: refused, nothing queued again.
    expect((await start(admin, preview._id)).statusCode).toBe(409);
    await t.app.domains.jobs.drain();

    const done = await t.app.inject({
      method: "GET",
      url: `/api/admin/product-imports/${preview._id}`,
      headers: admin,
    });
    expect(done.json()).toMatchObject({ status: "done", done: 2, errorCount: 0 });
    expect(await productRow("csv-kurta")).toMatchObject({
      name: "Imported csv-kurta",
      status: "active",
      price: 1999,
    });
    expect(await productRow("csv-shoe")).toMatchObject({ status: "draft" });
    expect(await variantsOf("csv-kurta")).toEqual([
      { sku: "CSV-KURTA-M", price: 2600, mrp: 2600, stock: 3 },
      { sku: "CSV-KURTA-S", price: 1999, mrp: 2500, stock: 7 },
    ]);
    const audited = await t.database.pool.query(
      "select 1 from audit_log where record_type = 'product' and record_id = $1",
      [(await productRow("csv-kurta"))?.id],
    );
    expect(audited.rowCount).toBe(1);
  });

  it("every bad row named by line and column; an import with errors cannot start", async () => {
    const seededSku = String(
      (await t.database.pool.query<{ sku: string }>("select sku from variants limit 1")).rows[0]
        ?.sku,
    );
    const body = csv([
      product("csv-bad-a", { price: "-5" }),
      product("csv-bad-b", { sale_price: "9000" }),
      product("csv-bad-c", { category: "no-such-category" }),
      product("csv-bad-d", { sku: "DUP-1" }),
      product("csv-bad-e", { sku: "dup-1" }),
      product("csv-bad-f", { sku: seededSku }),
      product("csv-bad-g", { stock: "" }),
      product("csv-good"),
    ]);
    const preview = await previewOf(admin, body);
    expect(preview.errors.map((e) => [e.line, e.column])).toEqual([
      [2, "price"],
      [2, "sale_price"],
      [3, "sale_price"],
      [4, "category"],
      [6, "sku"],
      [7, null],
      [8, "stock"],
    ]);
    expect(preview.errors[0]?.message).toBe("The price cannot be below zero");
    expect(preview.errors[2]?.message).toBe("The sale price cannot be above the price");
    expect(preview.errors[3]?.message).toBe(
      'No category "no-such-category": use the slug of one that exists',
    );
    expect(preview.errors[4]?.message).toBe('The SKU "dup-1" is also on line 5');
    expect(preview.errors[5]?.message).toMatch(new RegExp(`^The SKU "${seededSku}" is used by`));
    expect(preview.errors[6]?.message).toBe("Enter the stock figure");
    expect(preview.creates).toBe(8);
    const refused = await start(admin, preview._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "Fix the rows with errors and upload the file again: nothing was imported.",
    );
    for (const slug of ["csv-bad-a", "csv-good"]) expect(await productRow(slug)).toBeUndefined();
  });

  it("wrong columns, an empty file and one over the size limit are refused clearly", async () => {
    const wrong = await previewOf(admin, csv([{ slug: "x" }], ["slug", "name", "colour"]));
    expect(wrong.errors[0]).toMatchObject({ line: 1, column: null });
    expect(wrong.errors.map((e) => e.message)).toContain("Unknown columns: colour");
    const empty = await previewOf(admin, csv([]));
    expect(empty.errors[0]?.message).toMatch(/^The file has no rows/);
    const big = await upload(admin, "x".repeat(10 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ status: 413 });
  });

  it("an exported file imports back unchanged; an edited price updates the product, stock stays", async () => {
    const before = await variantsOf("csv-kurta");
    const text = await exportCsv(admin);
    const lines = text.trim().split("\n");
    expect(lines[0]).toBe(PRODUCT_CSV_COLUMNS.join(","));
    const kurta = lines.filter((l) => l.startsWith("csv-kurta,"));
    expect(kurta).toHaveLength(2);
    // Same file back: every product an update, nothing changes.
    const same = await previewOf(admin, `${lines[0]}\n${kurta.join("\n")}\n`);
    expect(same).toMatchObject({ products: 1, creates: 0, updates: 1, errorCount: 0 });
    // The M variant's price 2600 → 2700 and its stock figure 3 → 50 in the file.
    const edited = kurta.map((l) =>
      l.includes("CSV-KURTA-M") ? l.replace(/,2600,,3$/, ",2700,,50") : l,
    );
    expect(edited.join()).toContain(",2700,,50");
    const p = await previewOf(admin, `${lines[0]}\n${edited.join("\n")}\n`);
    expect(p.errorCount).toBe(0);
    expect((await start(admin, p._id)).statusCode).toBe(200);
    await t.app.domains.jobs.drain();
    expect(await variantsOf("csv-kurta")).toEqual([
      { sku: "CSV-KURTA-M", price: 2700, mrp: 2700, stock: before[0]?.stock },
      before[1],
    ]);
  });
});

describe("a run that stops", () => {
  it("keeps what it committed, says it failed, and resumes to the end", async () => {
    const p = await previewOf(admin, csv([product("csv-resume-a"), product("csv-resume-boom")]));
    expect(p.errorCount).toBe(0);
    // The database refuses the second product while the import runs (as a failure would).
    await t.database.pool.query(`create function csv_boom() returns trigger language plpgsql as
      $$ begin if new.slug = 'csv-resume-boom' then raise exception 'disk full'; end if; return new; end $$`);
    await t.database.pool.query(
      "create trigger csv_boom before insert on products for each row execute function csv_boom()",
    );
    try {
      expect((await start(admin, p._id)).statusCode).toBe(200);
      await t.app.domains.jobs.drain();
      const failed = await t.app.inject({
        method: "GET",
        url: `/api/admin/product-imports/${p._id}`,
        headers: admin,
      });
      expect(failed.json()).toMatchObject({ status: "failed", done: 0 });
      // One batch, one transaction: nothing of it was kept.
      expect(await productRow("csv-resume-a")).toBeUndefined();
    } finally {
      await t.database.pool.query("drop trigger csv_boom on products; drop function csv_boom()");
    }
    expect((await start(admin, p._id)).statusCode).toBe(200);
    await t.app.domains.jobs.drain();
    const resumed = await t.app.inject({
      method: "GET",
      url: `/api/admin/product-imports/${p._id}`,
      headers: admin,
    });
    expect(resumed.json()).toMatchObject({ status: "done", done: 2, errorCount: 0 });
    expect(await productRow("csv-resume-boom")).toBeDefined();
    // Done is done: no third run.
    expect((await start(admin, p._id)).statusCode).toBe(409);
  });
});

describe("who may import and export", () => {
  it("anonymous 401, a shopper 403; a vendor imports drafts into their own store only and exports only theirs", async () => {
    const body = csv([product("csv-vendor", { status: "draft" })]);
    expect((await upload({}, body)).statusCode).toBe(401);
    const shopper = bearer((await signUp(t)).token);
    expect((await upload(shopper, body)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: "/api/admin/products/export.csv",
          headers: shopper,
        })
      ).statusCode,
    ).toBe(403);

    const vendor = await staffAccount(t, "vendor");
    await t.database.pool.query("update vendors set owner_id = $1 where slug = $2", [
      vendor.id,
      names.store,
    ]);
    const own = await previewOf(vendor.headers, body);
    expect(own.errorCount).toBe(0);
    // Publishing, and another store, are not a vendor's.
    const active = await previewOf(vendor.headers, csv([product("csv-vendor-2")]));
    expect(active.errors.map((e) => e.message)).toEqual([
      "A manager or admin publishes products: save it as a draft.",
    ]);
    const other = await previewOf(
      vendor.headers,
      csv([product("csv-vendor-3", { status: "draft", store: names.otherStore })]),
    );
    expect(other.errors.map((e) => e.message)).toEqual([
      "You can only sell through your own store.",
    ]);
    // Another's import: not found.
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/admin/product-imports/${own._id}`,
          headers: (await staffAccount(t, "vendor")).headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await start(vendor.headers, own._id)).statusCode).toBe(200);
    await t.app.domains.jobs.drain();
    expect(await productRow("csv-vendor")).toMatchObject({ status: "draft" });

    const mine = (await exportCsv(vendor.headers)).trim().split("\n").slice(1);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((l) => l.split(",")[4] === names.store)).toBe(true);
  });
});
