import type { DbOrTx } from "@maidan/db/database";
import { settings } from "@maidan/db/schema-content";
import { eq } from "drizzle-orm";

export type SettingsRow = typeof settings.$inferSelect;

/** The one settings row, locked for an edit in the same transaction. */
export const lockSettings = async (db: DbOrTx) =>
  (await db.select().from(settings).where(eq(settings.id, 1)).for("update"))[0] ?? null;

export const readSettings = async (db: DbOrTx) =>
  (await db.select().from(settings).where(eq(settings.id, 1)))[0] ?? null;

export const writeSettings = (
  db: DbOrTx,
  s: Pick<
    typeof settings.$inferInsert,
    | "title"
    | "description"
    | "primaryColor"
    | "mainTheme"
    | "currency"
    | "guestLogin"
    | "demo"
    | "appPromotion"
    | "analytics"
  >,
) => db.update(settings).set(s).where(eq(settings.id, 1));
