/**
 * Products and variants as CSV (issue #15, decision 063): one row per variant, the rows of one
 * product sharing its `slug`. The export writes the same columns, so a file exported, edited and
 * imported again changes what was edited and nothing else.
 */
import { z } from "zod";
import type { Staff } from "./admin-orders.ts";

/** The columns, in the order the export writes them; an import needs each, in any order. */
export const PRODUCT_CSV_COLUMNS = [
  "slug",
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
  "sku",
  "size",
  "color",
  "price",
  "sale_price",
  "stock",
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** An upload larger than this is refused before it is read. */
export const PRODUCT_IMPORT_MAX_MB = 10;
export const PRODUCT_IMPORT_MAX_ROWS = 50_000;
/** Products written per transaction: a failure loses at most one batch's work, then resumes. */
export const PRODUCT_IMPORT_BATCH = 200;
/** Errors kept and shown per import; the count says how many there were in all. */
export const PRODUCT_IMPORT_MAX_ERRORS = 200;

export const importMessages = {
  empty: "The file has no rows. The first line names the columns, one row per variant after it.",
  notCsv: "Upload a CSV file (text, comma-separated, UTF-8).",
  tooLarge: `A file may be at most ${PRODUCT_IMPORT_MAX_MB} MB.`,
  tooManyRows: `A file may have at most ${PRODUCT_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows.`,
  hasErrors: "Fix the rows with errors and upload the file again: nothing was imported.",
  notPreviewed: "This import has already been started.",
  /** A failed run's errors were the database's, not the file's: the rest can be imported. */
  failed:
    "The import stopped before the end. The products written so far are kept; resume to import the rest.",
} as const;

export const IMPORT_STATUSES = ["previewed", "queued", "running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

const rowError = z.object({
  /** The file's line (the header is line 1). */
  line: z.number().int(),
  /** The column it is about, or null for the row as a whole. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof rowError>;

/** What an import holds and where it stands: its preview, then its progress. */
export const productImport = z.object({
  _id: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Variant rows in the file. */
  rows: z.number().int(),
  /** Products the rows make (rows sharing a slug are one product). */
  products: z.number().int(),
  /** Of those, new ones and existing ones (found by slug). */
  creates: z.number().int(),
  updates: z.number().int(),
  /** Products written so far (the progress bar). */
  done: z.number().int(),
  errorCount: z.number().int(),
  /** The first PRODUCT_IMPORT_MAX_ERRORS errors, by line. */
  errors: z.array(rowError),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ProductImport = z.infer<typeof productImport>;

export const productImportList = z.object({ imports: z.array(productImport) });
export type ProductImportList = z.infer<typeof productImportList>;

export type ProductImportService = {
  /** Checks a file and keeps it with its preview; writes no product. */
  preview(actor: Staff, fileName: string, csv: string): Promise<ProductImport>;
  /** Starts a previewed import without errors, or resumes a failed one (batches on the job queue). */
  start(actor: Staff, id: string): Promise<ProductImport>;
  get(actor: Staff, id: string): Promise<ProductImport>;
  /** The actor's recent imports (staff above vendors: everyone's). */
  list(actor: Staff): Promise<ProductImportList>;
  /** Every product the actor may manage, one row per variant, in PRODUCT_CSV_COLUMNS, in pieces. */
  exportCsv(actor: Staff): AsyncIterable<string>;
};
