import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./database.ts";

const dialect = new PgDialect();

/**
 * Rows of a statement on a hot path (add to cart, the cart's lines, placing an order), run as a
 * named prepared statement: each connection parses and plans it once. Planning was most of the
 * database's work for these (0.36 of 0.46 ms for an add). It runs where `db.execute` would: on
 * the pool, or on the transaction's own connection, with the same value parsing.
 *
 * `name` must stand for one SQL text: build `query` from the same template every time, and give
 * each variant of a template (a user's cart, a guest's) its own name.
 */
export async function hotRows<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  const { sql, params } = dialect.sqlToQuery(query);
  return hotTextRows<T>(db, name, sql, params);
}

/** The one row of a hot statement, or null. */
export const hotRow = async <T>(db: DbOrTx, name: string, query: SQL): Promise<T | null> =>
  (await hotRows<T>(db, name, query))[0] ?? null;

/**
 * Rows of a statement given as text and values (a library's SQL, such as the job queue's
 * insert), run as a named prepared statement where `db.execute` would run it. `name` must stand
 * for this one text on every connection.
 */
export async function hotTextRows<T>(
  db: DbOrTx,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const prepared = db._.session.prepareQuery({ sql: text, params: values }, undefined, name, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}
