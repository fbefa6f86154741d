import type { DbOrTx } from "@maidan/db/database";
import { rows } from "@maidan/db/raw-rows";
import { orderNotes } from "@maidan/db/schema-orders";
import { sql } from "drizzle-orm";

export type NoteRow = {
  id: string;
  text: string;
  author_id: string | null;
  author_name: string | null;
  author_role: string | null;
  created_at: string | Date;
};

/** Staff notes on an order, oldest first, with who wrote them (decision 048). */
export const notesOf = (db: DbOrTx, orderId: string) =>
  rows<NoteRow>(
    db,
    sql`select n.id, n.text, n.author_id, n.created_at, u.role as author_role,
        nullif(trim(u.first_name || ' ' || u.last_name), '') as author_name
      from order_notes n left join users u on u.id = n.author_id
      where n.order_id = ${orderId}
      order by n.created_at, n.id`,
  );

export const insertNote = async (
  tx: DbOrTx,
  n: { orderId: string; authorId: string; text: string },
) => (await tx.insert(orderNotes).values(n).returning())[0] as typeof orderNotes.$inferSelect;
