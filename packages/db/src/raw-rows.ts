import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./database.ts";

/*
 * Rows of a raw statement, for the queries the query builder cannot say (recursive CTEs, LATERAL
 * joins, `update … returning` across tables, array literals). Their columns are the statement's
 * own, so the caller names the row type once, here, instead of asserting the driver's rows; the
 * query builder's selects are typed from the schema and need neither.
 */

export const rows = async <T extends Record<string, unknown>>(db: DbOrTx, query: SQL) =>
  (await db.execute<T>(query)).rows;

export const first = async <T extends Record<string, unknown>>(db: DbOrTx, query: SQL) =>
  (await rows<T>(db, query))[0] ?? null;
