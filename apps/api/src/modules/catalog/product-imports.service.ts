import type { Staff } from "@maidan/contracts/admin-orders";
import { type ProductInput, productInput } from "@maidan/contracts/admin-products";
import { hasRole, type Role } from "@maidan/contracts/auth";
import { isAppError } from "@maidan/contracts/errors";
import {
  type ImportRowError,
  importMessages,
  PRODUCT_IMPORT_BATCH,
  PRODUCT_IMPORT_MAX_ERRORS,
  type ProductImport,
  type ProductImportService,
} from "@maidan/contracts/product-imports";
import type { Db, DbOrTx } from "@maidan/db/database";
import { logger } from "@maidan/observability/log";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import type { Jobs } from "../jobs/jobs.ts";
import type { productWriter } from "./admin-products.service.ts";
import { type CsvProduct, groupProducts, locate, readProductCsv, wordsOf } from "./product-csv.ts";
import { exportRows } from "./product-export.ts";
import * as repo from "./product-imports.repository.ts";

export const PRODUCT_IMPORT_QUEUE = "catalog.product-import";
type ImportJob = { importId: string };

export type ProductImportsDeps = {
  db: Db;
  jobs: Jobs;
  /** After each batch's commit: every instance drops what showed these products (cache news). */
  catalogChanged: (productIds: string[]) => void;
  /** The product editor's save (decision 060): the one rule book for a product write. */
  saveProduct: ReturnType<typeof productWriter>["saveProduct"];
};

/** One product of a file, made into the input a product save checks, or its errors. */
type Planned = {
  product: CsvProduct;
  /** The existing product it updates (found by slug and the actor's to manage), else none. */
  existingId: string | undefined;
  input?: ProductInput;
  errors: ImportRowError[];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const viewOf = (r: repo.ImportRow): ProductImport => ({
  _id: r.id,
  fileName: r.fileName,
  status: r.status as ProductImport["status"],
  rows: r.rows,
  products: r.products,
  creates: r.creates,
  updates: r.updates,
  done: r.done,
  errorCount: r.errorCount,
  errors: r.errors,
  createdAt: iso(r.createdAt) as string,
  finishedAt: iso(r.finishedAt),
});
const byLine = (a: ImportRowError, b: ImportRowError) => a.line - b.line;

/**
 * Products from CSV (decision 063): a file is read and checked in full (every row's errors, by
 * line and column) and kept with its preview; nothing is written to the catalogue until staff
 * start it, and only if it had no errors. Its products are then written by the job queue, in
 * batches of PRODUCT_IMPORT_BATCH, each batch one transaction through the product editor's own
 * save (the same rules, audit entries and stock history).
 */
export function createProductImports(deps: ProductImportsDeps) {
  const { db, jobs } = deps;

  jobs.define<ImportJob>({
    name: PRODUCT_IMPORT_QUEUE,
    retryLimit: 3,
    handle: (job) => run(job.importId),
  });

  /** Each product's checked input, or where its problems are. */
  async function plan(tx: DbOrTx, actor: Staff, csv: string) {
    const read = readProductCsv(csv);
    if (read.errors.length && read.rows.length === 0)
      return { rows: 0, planned: [] as Planned[], errors: read.errors };
    const grouped = groupProducts(read.rows);
    const errors = [...read.errors, ...grouped.errors];
    const names = await repo.lookups(tx);
    const existing = await repo.existingProducts(
      tx,
      grouped.products.map((p) => p.slug),
    );
    const bySlug = new Map<string, typeof existing>();
    for (const e of existing) bySlug.set(e.slug, [...(bySlug.get(e.slug) ?? []), e]);
    const owner = hasRole(actor.role, "manager") ? null : actor.id;
    // A SKU given twice in the file: the second is the error (the database sees one at a time).
    const skuLine = new Map<string, number>();
    const planned = grouped.products.map((product): Planned => {
      const mine = bySlug.get(product.slug) ?? [];
      const found = mine[0];
      const existingId = found && (!owner || found.ownerId === owner) ? found.id : undefined;
      const variantOf = new Map(mine.flatMap((e) => (e.sku ? [[e.sku.toLowerCase(), e]] : [])));
      const first = product.rows[0]?.cells;
      const own: ImportRowError[] = [];
      const lookup = (
        column: "category" | "brand" | "store",
        map: Map<string, { id: string }>,
        what: string,
      ) => {
        const slug = first?.[column].toLowerCase() ?? "";
        if (!slug) return undefined;
        const hit = map.get(slug);
        if (!hit)
          own.push({
            line: product.rows[0]?.line ?? 0,
            column,
            message: `No ${what} "${slug}": use the slug of one that exists`,
          });
        return hit?.id;
      };
      for (const row of product.rows) {
        const sku = row.cells.sku.toLowerCase();
        const seen = skuLine.get(sku);
        if (sku && seen !== undefined)
          own.push({
            line: row.line,
            column: "sku",
            message: `The SKU "${row.cells.sku}" is also on line ${seen}`,
          });
        else if (sku) skuLine.set(sku, row.line);
      }
      // A blank cell is a value left out (the editor's form sends none for it either).
      const cell = (v: string | undefined) => (v === undefined || v === "" ? undefined : v);
      const raw = {
        name: cell(first?.name),
        slug: product.slug,
        description: first?.description ?? "",
        categoryId: lookup("category", names.categories, "category") ?? cell(first?.category),
        brandId: lookup("brand", names.brands, "brand"),
        vendorId: lookup("store", names.stores, "store"),
        status: cell(first?.status.toLowerCase()),
        keywords: wordsOf(first?.keywords ?? ""),
        synonyms: wordsOf(first?.synonyms ?? ""),
        seoTitle: cell(first?.seo_title),
        seoDescription: cell(first?.seo_description),
        variants: product.rows.map((r) => ({
          // An existing variant (same SKU) keeps its id, and with it its stock: stock changes
          // of existing variants are adjustments with a reason, never a file's figure.
          id: existingId ? variantOf.get(r.cells.sku.toLowerCase())?.variantId : undefined,
          sku: cell(r.cells.sku),
          size: cell(r.cells.size),
          color: cell(r.cells.color),
          price: cell(r.cells.price),
          salePrice: cell(r.cells.sale_price),
          stock: cell(r.cells.stock),
        })),
      };
      const parsed = productInput.safeParse(raw);
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          const at = locate(product, issue.path, issue.message);
          // Once per cell: a lookup may already have said why the id is missing.
          if (!own.some((o) => o.line === at.line && o.column === at.column)) own.push(at);
        }
      return {
        product,
        existingId,
        input: parsed.success && own.length === 0 ? parsed.data : undefined,
        errors: own,
      };
    });
    return { rows: read.rows.length + read.errors.length, planned, errors };
  }

  /**
   * Saves one product in a savepoint: its own errors (a slug or SKU another product has, a
   * store not the actor's) are answered, the batch goes on.
   */
  async function saveOne(tx: DbOrTx, actor: Staff, p: Planned, guarded: boolean) {
    if (!p.input) return { id: null, errors: p.errors };
    // Unguarded (the batch's first try): a refusal ends the batch, which is then run guarded.
    if (!guarded) {
      const saved = await deps.saveProduct(tx, p.input, actor, p.existingId);
      return { id: saved.id, errors: [] };
    }
    try {
      const saved = await tx.transaction((sp) =>
        deps.saveProduct(sp, p.input as ProductInput, actor, p.existingId),
      );
      return { id: saved.id, errors: [] };
    } catch (e) {
      if (!isAppError(e) || e.status >= 500) throw e;
      // "variants.1.sku: …" or "categoryId: …" names its field; other messages are the product's.
      const named = /^([a-zA-Z]+(?:\.\d+\.[a-zA-Z]+)?): (.+)$/s.exec(e.message);
      const path = named?.[1]?.split(".").map((x) => (/^\d+$/.test(x) ? Number(x) : x)) ?? [];
      return { id: null, errors: [locate(p.product, path, named?.[2] ?? e.message)] };
    }
  }

  /** Where a rolled-back batch ends, with the errors it found. */
  class DryRun extends Error {
    readonly errors: ImportRowError[];
    constructor(errors: ImportRowError[] = []) {
      super("rolled back");
      this.errors = errors;
    }
  }

  /**
   * The preview: every product checked, then saved in a transaction that is rolled back (batch by
   * batch, so no lock is held for long), which finds what only the database knows: a slug or SKU
   * of another product, a store that is not the actor's.
   */
  async function dryRun(actor: Staff, planned: Planned[]) {
    const errors: ImportRowError[] = [];
    for (let i = 0; i < planned.length; i += PRODUCT_IMPORT_BATCH) {
      const batch = planned.slice(i, i + PRODUCT_IMPORT_BATCH);
      errors.push(
        ...(await batchOf(async (tx, guarded) => {
          const found: ImportRowError[] = [];
          // Products whose input did not check are reported by the plan already.
          for (const p of batch)
            if (p.input) found.push(...(await saveOne(tx, actor, p, guarded)).errors);
          throw new DryRun(found);
        })),
      );
    }
    return errors;
  }

  /**
   * A batch in one transaction: first without a savepoint per product (a clean file's batch is
   * one quick transaction); if a product is refused, again with savepoints, so each refusal is
   * its row's error and the others are written. `work` throws DryRun(errors) to roll back.
   */
  async function batchOf<T>(
    work: (tx: DbOrTx, guarded: boolean) => Promise<T>,
  ): Promise<T | ImportRowError[]> {
    for (const guarded of [false, true])
      try {
        return await db.transaction((tx) => work(tx, guarded));
      } catch (e) {
        if (e instanceof DryRun) return e.errors;
        if (guarded || !isAppError(e) || e.status >= 500) throw e;
      }
    throw new Error("unreachable");
  }

  async function run(importId: string) {
    const row = await repo.findImport(db, importId);
    if (!row || row.status === "done" || row.status === "failed" || row.status === "previewed")
      return { skipped: true };
    const role = (await repo.roleOf(db, row.actorId))?.role as Role | undefined;
    if (!role || !hasRole(role, "vendor")) {
      await repo.setStatus(db, importId, "failed", true);
      return { failed: "the account is no longer staff" };
    }
    const actor: Staff = { id: row.actorId, role };
    await repo.setStatus(db, importId, "running");
    try {
      return await runBatches(importId, actor, row);
    } catch (e) {
      // The database went away, say: the batches committed stay, staff can resume the rest.
      logger().error({ err: e, importId }, "product import: stopped");
      await repo.setStatus(db, importId, "failed", true);
      return { failed: (e as Error).message };
    }
  }

  async function runBatches(importId: string, actor: Staff, row: repo.ImportRow) {
    const { planned } = await plan(db, actor, row.csv);
    let done = row.done;
    while (done < planned.length) {
      const from = done;
      const batch = planned.slice(from, from + PRODUCT_IMPORT_BATCH);
      let ids: string[] = [];
      const advanced = await batchOf(async (tx, guarded) => {
        ids = [];
        const errors: ImportRowError[] = [];
        for (const p of batch) {
          const r = await saveOne(tx, actor, p, guarded);
          if (r.id) ids.push(r.id);
          errors.push(...r.errors);
        }
        const moved = await repo.advance(
          tx,
          importId,
          from,
          from + batch.length,
          errors,
          PRODUCT_IMPORT_MAX_ERRORS,
        );
        // Another run wrote this batch meanwhile: this one's writes are rolled back.
        if (!moved) throw new DryRun();
        return true;
      });
      if (advanced !== true) return { skipped: true };
      if (ids.length) deps.catalogChanged(ids);
      done = from + batch.length;
    }
    await repo.setStatus(db, importId, "done", true);
    logger().info({ importId, products: planned.length }, "product import: done");
    return { done: planned.length };
  }

  const mayRead = (actor: Staff, r: repo.ImportRow) =>
    r.actorId === actor.id || hasRole(actor.role, "manager");

  const service: ProductImportService = {
    async preview(actor, fileName, csv) {
      const staff = actor;
      const { rows, planned, errors: fileErrors } = await plan(db, staff, csv);
      const dbErrors = fileErrors.length ? [] : await dryRun(staff, planned);
      const errors = [...fileErrors, ...planned.flatMap((p) => p.errors), ...dbErrors].sort(byLine);
      const saved = await repo.insertImport(db, {
        actorId: staff.id,
        fileName: fileName.slice(0, 200) || "products.csv",
        csv,
        rows,
        products: planned.length,
        creates: planned.filter((p) => !p.existingId).length,
        updates: planned.filter((p) => p.existingId).length,
        errorCount: errors.length,
        errors: errors.slice(0, PRODUCT_IMPORT_MAX_ERRORS),
      });
      return viewOf(saved);
    },

    async start(actor, id) {
      const r = UUID.test(id) ? await repo.findImport(db, id) : null;
      if (!r || r.actorId !== actor.id) throw notFound("No such import");
      // A failed run resumes after its last committed batch; its check had no errors.
      if (r.status === "previewed" && r.errorCount > 0) throw badRequest(importMessages.hasErrors);
      if (r.status !== "previewed" && r.status !== "failed")
        throw conflict(importMessages.notPreviewed);
      await db.transaction(async (tx) => {
        if (!(await repo.queue(tx, id))) throw conflict(importMessages.notPreviewed);
        await jobs.enqueue<ImportJob>(tx, PRODUCT_IMPORT_QUEUE, { importId: id });
      });
      return viewOf((await repo.findImport(db, id)) as repo.ImportRow);
    },

    async get(actor, id) {
      const r = UUID.test(id) ? await repo.findImport(db, id) : null;
      if (!r || !mayRead(actor, r)) throw notFound("No such import");
      return viewOf(r);
    },

    async list(actor) {
      const staff = actor;
      const rows = await repo.recentImports(
        db,
        hasRole(staff.role, "manager") ? null : staff.id,
        20,
      );
      return { imports: rows.map(viewOf) };
    },

    exportCsv(actor) {
      if (!hasRole(actor.role, "vendor")) throw forbidden();
      return exportRows(db, hasRole(actor.role, "manager") ? null : actor.id);
    },
  };
  return { ...service, run };
}

export type ProductImportsImpl = ReturnType<typeof createProductImports>;
