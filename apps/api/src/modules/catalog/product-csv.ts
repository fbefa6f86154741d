/**
 * The CSV side of product imports and exports (decision 063), without a database: reading a
 * file into rows with their line numbers, grouping the rows of one product, naming a checked
 * input's problems by line and column, and writing rows back out.
 */
import {
  type ImportRowError,
  importMessages,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMPORT_MAX_ROWS,
  type ProductCsvColumn,
} from "@maidan/contracts/product-imports";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

export type CsvRow = { line: number; cells: Record<ProductCsvColumn, string> };

/** The rows of one product, in file order; its own fields come from the first. */
export type CsvProduct = { slug: string; rows: CsvRow[] };

/** Product fields: given on the product's first row, and blank or the same on the others. */
const PRODUCT_FIELDS = [
  "name",
  "category",
  "brand",
  "store",
  "status",
  "description",
  "keywords",
  "synonyms",
  "seo_title",
  "seo_description",
] as const satisfies readonly ProductCsvColumn[];

const fileError = (message: string, line = 1): ImportRowError => ({ line, column: null, message });

/**
 * The file's rows, or the errors that stop it being read at all (columns missing or unknown,
 * a broken quote, too many rows). Blank lines are skipped; cells are trimmed.
 */
export function readProductCsv(text: string): { rows: CsvRow[]; errors: ImportRowError[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: 100_000,
    }) as unknown as typeof records;
  } catch (e) {
    const line = (e as { lines?: number }).lines ?? 1;
    return {
      rows: [],
      errors: [fileError(`${importMessages.notCsv} (${(e as Error).message})`, line)],
    };
  }
  const [head, ...body] = records;
  if (!head || body.length === 0) return { rows: [], errors: [fileError(importMessages.empty)] };
  const names = head.record.map((c) => c.toLowerCase());
  const missing = PRODUCT_CSV_COLUMNS.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(n));
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  const errors: ImportRowError[] = [];
  if (missing.length) errors.push(fileError(`Missing columns: ${missing.join(", ")}`));
  if (unknown.length) errors.push(fileError(`Unknown columns: ${unknown.join(", ")}`));
  if (twice.length)
    errors.push(fileError(`Columns named twice: ${[...new Set(twice)].join(", ")}`));
  if (body.length > PRODUCT_IMPORT_MAX_ROWS) errors.push(fileError(importMessages.tooManyRows));
  if (errors.length) return { rows: [], errors };
  const rows: CsvRow[] = [];
  for (const { record, info } of body) {
    if (record.length !== names.length) {
      errors.push({
        line: info.lines,
        column: null,
        message: `This row has ${record.length} cells; the header names ${names.length} columns`,
      });
      continue;
    }
    const cells = Object.fromEntries(
      names.map((n, i) => [n, unguard(record[i] ?? "")]),
    ) as CsvRow["cells"];
    rows.push({ line: info.lines, cells });
  }
  return { rows, errors };
}

/**
 * Rows grouped by slug, in the order each product first appears. A row without a slug, or one
 * whose product fields differ from the product's first row, is an error.
 */
export function groupProducts(rows: CsvRow[]): {
  products: CsvProduct[];
  errors: ImportRowError[];
} {
  const bySlug = new Map<string, CsvProduct>();
  const errors: ImportRowError[] = [];
  for (const row of rows) {
    const slug = row.cells.slug.toLowerCase();
    if (!slug) {
      errors.push({ line: row.line, column: "slug", message: "Enter the product's slug" });
      continue;
    }
    const product = bySlug.get(slug);
    if (!product) {
      bySlug.set(slug, { slug, rows: [row] });
      continue;
    }
    const first = product.rows[0] as CsvRow;
    for (const f of PRODUCT_FIELDS)
      if (row.cells[f] !== "" && row.cells[f] !== first.cells[f])
        errors.push({
          line: row.line,
          column: f,
          message: `Differs from line ${first.line}, this product's first row: leave it blank or give the same value`,
        });
    product.rows.push(row);
  }
  return { products: [...bySlug.values()], errors };
}

/** A checked input's field, as the CSV column it came from. */
const COLUMN_OF: Record<string, ProductCsvColumn> = {
  categoryId: "category",
  brandId: "brand",
  vendorId: "store",
  seoTitle: "seo_title",
  seoDescription: "seo_description",
  salePrice: "sale_price",
};

/**
 * Where a problem with a product's input is in the file: a variant's field is on that variant's
 * row, a product's on its first row. `path` is the zod issue's path.
 */
export function locate(
  p: CsvProduct,
  path: readonly PropertyKey[],
  message: string,
): ImportRowError {
  const first = p.rows[0] as CsvRow;
  const [head, index, field] = path;
  if (head === "variants" && typeof index === "number") {
    const row = p.rows[index] ?? first;
    const name = typeof field === "string" ? field : null;
    return { line: row.line, column: name ? (COLUMN_OF[name] ?? name) : null, message };
  }
  const name = typeof head === "string" ? head : null;
  return { line: first.line, column: name ? (COLUMN_OF[name] ?? name) : null, message };
}

/** Words of a keywords or synonyms cell: "joota, jutay" or "joota jutay". */
export const wordsOf = (cell: string) => cell.split(/[\s,]+/).filter(Boolean);

/** A text a spreadsheet would run as a formula. */
const FORMULA = /^[=+\-@\t\r]/;
/** The export's guard taken off again, so a file exported and imported keeps its texts. */
const unguard = (cell: string) =>
  cell.startsWith("'") && FORMULA.test(cell.slice(1)) ? cell.slice(1) : cell;

/**
 * Rows as CSV text, the header first. A text a spreadsheet would run as a formula gets a leading
 * apostrophe (the import takes it off).
 */
export function writeProductCsv(rows: Record<ProductCsvColumn, string | number | null>[]) {
  const safe = (v: string | number | null) =>
    typeof v === "string" && FORMULA.test(v) ? `'${v}` : (v ?? "");
  return stringify(
    rows.map((r) => PRODUCT_CSV_COLUMNS.map((c) => safe(r[c]))),
    { header: true, columns: [...PRODUCT_CSV_COLUMNS] },
  );
}
