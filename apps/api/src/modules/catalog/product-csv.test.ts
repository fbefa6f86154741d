import { PRODUCT_CSV_COLUMNS } from "@maidan/contracts/product-imports";
import { describe, expect, it } from "vitest";
import { groupProducts, locate, readProductCsv, writeProductCsv } from "./product-csv.ts";

const HEADER = PRODUCT_CSV_COLUMNS.join(",");
const row = (over: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>) =>
  PRODUCT_CSV_COLUMNS.map((c) => over[c] ?? "").join(",");

describe("reading a product CSV", () => {
  it("rows with their file lines, header in any order and case, blank lines skipped, a BOM ignored", () => {
    const text = `\ufeff${[...PRODUCT_CSV_COLUMNS].reverse().join(",").toUpperCase()}\n\n${[
      ...PRODUCT_CSV_COLUMNS,
    ]
      .reverse()
      .map((c) => (c === "slug" ? "kurta" : c === "sku" ? "K-1" : ""))
      .join(",")}\n`;
    const { rows, errors } = readProductCsv(text);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.line).toBe(3);
    expect(rows[0]?.cells.slug).toBe("kurta");
    expect(rows[0]?.cells.sku).toBe("K-1");
  });

  it("wrong columns are named; nothing is read", () => {
    const text = `slug,name,colour,price\nkurta,Kurta,Red,100\n`;
    const { rows, errors } = readProductCsv(text);
    expect(rows).toEqual([]);
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^Missing columns: category, brand, store, status,/),
      "Unknown columns: colour",
    ]);
    expect(errors.every((e) => e.line === 1)).toBe(true);
  });

  it("an empty file, a broken quote and a short row", () => {
    expect(readProductCsv(`${HEADER}\n`).errors[0]?.message).toMatch(/The file has no rows/);
    expect(readProductCsv(`${HEADER}\n"kurta,`).errors[0]?.message).toMatch(/Upload a CSV file/);
    const short = readProductCsv(`${HEADER}\nkurta,Kurta\n${row({ slug: "a", sku: "A" })}\n`);
    expect(short.errors).toEqual([
      { line: 2, column: null, message: "This row has 2 cells; the header names 17 columns" },
    ]);
    expect(short.rows.map((r) => r.cells.slug)).toEqual(["a"]);
  });
});

describe("grouping rows into products", () => {
  it("rows sharing a slug are one product; later rows may leave product fields blank, not change them", () => {
    const { rows } = readProductCsv(
      [
        HEADER,
        row({ slug: "Kurta", name: "Kurta", sku: "K-S", size: "S" }),
        row({ slug: "shoe", name: "Shoe", sku: "S-1" }),
        row({ slug: "kurta", sku: "K-M", size: "M" }),
        row({ slug: "kurta", name: "Other name", sku: "K-L", size: "L" }),
        row({ slug: "", sku: "X" }),
      ].join("\n"),
    );
    const { products, errors } = groupProducts(rows);
    expect(products.map((p) => [p.slug, p.rows.map((r) => r.cells.sku)])).toEqual([
      ["kurta", ["K-S", "K-M", "K-L"]],
      ["shoe", ["S-1"]],
    ]);
    expect(errors).toEqual([
      {
        line: 5,
        column: "name",
        message:
          "Differs from line 2, this product's first row: leave it blank or give the same value",
      },
      { line: 6, column: "slug", message: "Enter the product's slug" },
    ]);
  });

  it("a checked input's problem is placed on its variant's row and column, or the product's first row", () => {
    const { rows } = readProductCsv(
      [HEADER, row({ slug: "k", sku: "A" }), row({ slug: "k", sku: "B" })].join("\n"),
    );
    const [p] = groupProducts(rows).products;
    if (!p) throw new Error("no product");
    expect(locate(p, ["variants", 1, "salePrice"], "too high")).toEqual({
      line: 3,
      column: "sale_price",
      message: "too high",
    });
    expect(locate(p, ["categoryId"], "Choose one")).toEqual({
      line: 2,
      column: "category",
      message: "Choose one",
    });
  });
});

describe("writing", () => {
  it("the header and rows; formulas guarded, and the guard taken off on reading", () => {
    const cells = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c) => [c, ""])) as Record<
      (typeof PRODUCT_CSV_COLUMNS)[number],
      string | number | null
    >;
    const text = writeProductCsv([
      { ...cells, slug: "k", name: "=HYPERLINK(1)", description: 'A "quoted", text', price: 1500 },
    ]);
    expect(text.split("\n")[0]).toBe(HEADER);
    expect(text).toContain("'=HYPERLINK(1)");
    const back = readProductCsv(text).rows[0]?.cells;
    expect(back?.name).toBe("=HYPERLINK(1)");
    expect(back?.description).toBe('A "quoted", text');
    expect(back?.price).toBe("1500");
  });
});
