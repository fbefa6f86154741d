import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import { sql } from "drizzle-orm";

export type CustomerRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  role: string;
  verified: boolean;
  created_at: Date;
  blocked_at: Date | null;
  blocked_reason: string | null;
  order_count: number;
  full_count: number;
};

/** Shoppers' accounts (role user) by a part of their name, phone digits or e-mail, newest first. */
export function searchCustomers(db: DbOrTx, q: string | undefined, limit: number, offset: number) {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const digits = q?.replace(/\D/g, "") ?? "";
  const where = like
    ? sql`and ((u.first_name || ' ' || u.last_name) ilike ${like} or u.email ilike ${like}
        ${digits.length >= 3 ? sql`or regexp_replace(coalesce(u.phone, ''), '\D', '', 'g') like ${`%${digits}%`}` : sql``})`
    : sql``;
  return rows<CustomerRow>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, u.phone, u.role, u.verified, u.created_at,
        u.blocked_at, u.blocked_reason,
        (select count(*)::int from orders o where o.user_id = u.id) as order_count,
        count(*) over ()::int as full_count
      from users u where u.role = 'user' ${where}
      order by u.created_at desc, u.id limit ${limit} offset ${offset}`,
  );
}

export const findCustomer = (db: DbOrTx, id: string) =>
  first<Omit<CustomerRow, "full_count">>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, u.phone, u.role, u.verified, u.created_at,
        u.blocked_at, u.blocked_reason, 0 as order_count
      from users u where u.id = ${id} and u.role = 'user'`,
  );

/** The account locked for a block or an unblock (its sessions' version with it). */
export const lockCustomer = (tx: DbOrTx, id: string) =>
  first<{ id: string; blocked_at: Date | null; blocked_reason: string | null }>(
    tx,
    sql`select id, blocked_at, blocked_reason from users where id = ${id} and role = 'user' for update`,
  );

/** Blocks the account and ends every session of it (its token version moves on). */
export const block = (tx: DbOrTx, id: string, reason: string) =>
  tx.execute(sql`update users set blocked_at = now(), blocked_reason = ${reason},
      token_version = token_version + 1, updated_at = now() where id = ${id}`);

export const unblock = (tx: DbOrTx, id: string) =>
  tx.execute(sql`update users set blocked_at = null, blocked_reason = null, updated_at = now()
      where id = ${id}`);

export const isBlocked = async (db: DbOrTx, id: string) =>
  (
    await first<{ b: boolean }>(
      db,
      sql`select blocked_at is not null as b from users where id = ${id}`,
    )
  )?.b === true;
