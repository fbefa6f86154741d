/**
 * Fast bulk insert: one bind parameter per column (a text[] of driver values), expanded by
 * unnest() and cast back to each column's type. Far cheaper than a multi-row VALUES list for
 * hundreds of thousands of rows, and never near the 65,535 bind-parameter limit.
 */
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../database.ts";

const CHUNK = 20_000;

/** Inserts `rows` (all with the same keys, as in drizzle's insert model) into `table`. */
export async function insertBulk<T extends Record<string, unknown>>(
  tx: Tx,
  table: PgTable,
  rows: T[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first);
  const columns = keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`insertBulk: ${getTableName(table)} has no column '${key}'`);
    return column;
  });
  const names = sql.raw(columns.map((c) => `"${c.name}"`).join(", "));
  const aliases = columns.map((_, j) => `c${j}`).join(", ");
  const casts = sql.raw(columns.map((c, j) => `c${j}::${c.getSQLType()}`).join(", "));
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const arrays = columns.map((column, j) => {
      const key = keys[j] as string;
      const values = chunk.map((row) => toText(column, row[key]));
      return sql`${sql.param(values)}::text[]`;
    });
    await tx.execute(
      sql`insert into ${table} (${names}) select ${casts} from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.raw(aliases)})`,
    );
  }
}

function toText(column: PgColumn, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const driver = column.mapToDriverValue(value);
  if (driver === null || driver === undefined) return null;
  if (driver instanceof Date) return driver.toISOString();
  if (typeof driver === "object") return JSON.stringify(driver);
  return String(driver);
}
