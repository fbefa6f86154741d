import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import type { Db, DbOrTx } from "@maidan/db/database";
import { and, eq, ne, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { badRequest, conflict, forbidden, notFound } from "./errors.ts";
import { parseInput } from "./parse.ts";
import type { RecordAudit } from "./record-audit.ts";

/**
 * The back-office's editing of small tables of records (decision 062): categories, brands and
 * stores (the catalogue's), banners, landing entries, pages and help articles (the content's).
 * Each domain describes its tables; this lists, creates, changes and deletes their records, each
 * change one transaction with its audit entry, and tells the caches once it has committed.
 */
export type RecordTable = {
  table: PgTable;
  id: AnyPgColumn;
  /** The body: its fields are the table's columns of the same name. */
  body: z.ZodObject;
  /** One record, in messages ("category"). */
  label: string;
  /** The audit log's record type. */
  recordType: string;
  unique?: { column: AnyPgColumn; field: string };
  name: AnyPgColumn;
  order: SQL[];
  /** Fields holding a picture of the media storage (`/media/…`). */
  images?: string[];
  /** Read-only fields of each record besides the body's (counts), with their defaults. */
  extras?: {
    defaults: Record<string, number | null>;
    load: (db: DbOrTx) => Promise<Map<string, Record<string, unknown>>>;
  };
  /** Adjusts or refuses the checked body (sanitising, a category's move); `id` when a change. */
  prepare?: (values: Record<string, unknown>, id?: string) => Promise<void> | void;
  /** Another domain's record already answering at this slug, named, or null. */
  clash?: (value: string) => Promise<string | null>;
  /** Deletable records: why one may not go yet (null: it may). Absent: never deleted. */
  blocker?: (tx: DbOrTx, id: string) => Promise<string | null>;
  /** What the storefront must drop after a change. */
  news: "settings" | "catalog";
};

export type RecordEditorDeps = {
  db: Db;
  /** Whether the media storage holds this key. */
  mediaExists: (key: string) => Promise<boolean>;
  /** Queues the removal of pictures a change let go of, in its transaction (decision 065). */
  dropPictures: (tx: DbOrTx, addresses: unknown[]) => Promise<void>;
  audit: RecordAudit;
  /** After a commit: every instance drops what showed the change. */
  changed: (news: "settings" | "catalog") => void;
};

type Row = Record<string, unknown> & { id: string };

/** A table whose records have a unique slug. */
export const slugged = (
  t: Omit<RecordTable, "id" | "unique"> & {
    table: PgTable & { id: AnyPgColumn; slug: AnyPgColumn };
  },
): RecordTable => ({ ...t, id: t.table.id, unique: { column: t.table.slug, field: "slug" } });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isUniqueViolation = (e: unknown) => {
  const x = e as { code?: string; cause?: { code?: string } };
  return x?.code === "23505" || x?.cause?.code === "23505";
};

export function requireManager(s: Staff) {
  if (!hasRole(s.role, "manager"))
    throw forbidden("Only managers and admins change the shop's structure and content.");
}

export function createRecordEditor({
  db,
  mediaExists,
  dropPictures,
  audit,
  changed,
}: RecordEditorDeps) {
  const missing = (t: RecordTable) => notFound(`This ${t.label} could not be found`);

  /** The record as the back-office shows it: its id, the body's fields and the extras. */
  const toRecord = (t: RecordTable, row: Row, extras?: Record<string, unknown>) => {
    const out: Record<string, unknown> = { _id: row.id, ...t.extras?.defaults };
    for (const field of Object.keys(t.body.shape)) out[field] = row[field];
    for (const field of Object.keys(t.extras?.defaults ?? {}))
      if (field in row) out[field] = row[field];
    return Object.assign(out, extras);
  };

  const findRow = (tx: DbOrTx, t: RecordTable, id: string) =>
    tx
      .select()
      .from(t.table)
      .where(eq(t.id, id))
      .for("update")
      .then((r) => (r[0] as Row | undefined) ?? null);

  /** 409 naming the record that already uses this slug (or route). */
  async function assertFree(
    tx: DbOrTx,
    t: RecordTable,
    values: Record<string, unknown>,
    id?: string,
  ) {
    if (!t.unique) return;
    const value = String(values[t.unique.field]);
    const [holder] = await tx
      .select({ name: t.name })
      .from(t.table)
      .where(and(eq(t.unique.column, value), id ? ne(t.id, id) : undefined));
    if (holder)
      throw conflict(
        `The ${t.unique.field} "${value}" is already used by the ${t.label} "${String(holder.name)}"`,
      );
    const other = await t.clash?.(value);
    if (other) throw conflict(`The ${t.unique.field} "${value}" is already used by ${other}`);
  }

  /** New pictures must be in the media storage (one the record already shows stays as it is). */
  async function assertPictures(t: RecordTable, values: Record<string, unknown>, before?: Row) {
    for (const field of t.images ?? []) {
      const path = values[field];
      if (typeof path !== "string" || path === before?.[field]) continue;
      if (!(await mediaExists(path.slice("/media/".length))))
        throw badRequest(`${field}: there is no picture at ${path} in the shop's media`);
    }
  }

  /** The pictures `before` showed that `after` (null: deleted) does not, for the cleanup. */
  const letGo = (t: RecordTable, before: Row, after: Record<string, unknown> | null) =>
    (t.images ?? []).flatMap((f) => (before[f] !== after?.[f] ? [before[f]] : []));

  /** One change: its work and audit entry in a transaction, the news once committed. */
  async function write<T>(t: RecordTable, work: (tx: DbOrTx) => Promise<T>) {
    try {
      const result = await db.transaction(work);
      changed(t.news);
      return result;
    } catch (e) {
      // Two staff taking one slug at once: the unique index decides.
      if (isUniqueViolation(e))
        throw conflict(`That address is already used by another ${t.label}`);
      throw e;
    }
  }

  async function checked(t: RecordTable, body: unknown, id?: string) {
    const values = parseInput(t.body, body) as Record<string, unknown>;
    await t.prepare?.(values, id);
    return values;
  }

  return {
    db,
    audit,
    write,
    toRecord,

    async list(staff: Staff, t: RecordTable) {
      requireManager(staff);
      const [rows, extras] = await Promise.all([
        db
          .select()
          .from(t.table)
          .orderBy(...t.order)
          .then((r) => r as unknown as Row[]),
        t.extras?.load(db),
      ]);
      return { records: rows.map((r) => toRecord(t, r, extras?.get(r.id))) };
    },

    async create(staff: Staff, t: RecordTable, body: unknown) {
      requireManager(staff);
      const values = await checked(t, body);
      return write(t, async (tx) => {
        await assertFree(tx, t, values);
        await assertPictures(t, values);
        const [row] = (await tx
          .insert(t.table)
          .values(values as never)
          .returning()) as Row[];
        if (!row) throw new Error(`${t.recordType}: insert returned no row`);
        const record = toRecord(t, row);
        await audit(tx, {
          actor: staff,
          recordType: t.recordType,
          recordId: row.id,
          action: "create",
          before: null,
          after: record,
        });
        return record;
      });
    },

    async update(staff: Staff, t: RecordTable, id: string, body: unknown) {
      requireManager(staff);
      if (!UUID.test(id)) throw missing(t);
      const values = await checked(t, body, id);
      return write(t, async (tx) => {
        const before = await findRow(tx, t, id);
        if (!before) throw missing(t);
        await assertFree(tx, t, values, id);
        await assertPictures(t, values, before);
        const [row] = (await tx
          .update(t.table)
          .set(values as never)
          .where(eq(t.id, id))
          .returning()) as Row[];
        await dropPictures(tx, letGo(t, before, row as Row));
        const record = toRecord(t, row as Row);
        await audit(tx, {
          actor: staff,
          recordType: t.recordType,
          recordId: id,
          action: "update",
          before: toRecord(t, before),
          after: record,
        });
        return record;
      });
    },

    async remove(staff: Staff, t: RecordTable, id: string) {
      requireManager(staff);
      const { blocker } = t;
      if (!blocker) throw badRequest(`A ${t.label} is not deleted: unpublish it instead`);
      if (!UUID.test(id)) throw missing(t);
      await write(t, async (tx) => {
        const before = await findRow(tx, t, id);
        if (!before) throw missing(t);
        const uses = await blocker(tx, id);
        if (uses)
          throw conflict(
            `The ${t.label} "${String(before.name)}" still has ${uses}: move them first`,
          );
        await tx.delete(t.table).where(eq(t.id, id));
        await dropPictures(tx, letGo(t, before, null));
        await audit(tx, {
          actor: staff,
          recordType: t.recordType,
          recordId: id,
          action: "delete",
          before: toRecord(t, before),
          after: null,
        });
      });
    },
  };
}

export type RecordEditor = ReturnType<typeof createRecordEditor>;
