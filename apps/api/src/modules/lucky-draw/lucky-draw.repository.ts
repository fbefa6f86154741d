import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import { sql } from "drizzle-orm";

export type DrawRow = {
  id: string;
  title: string;
  prize: string;
  prize_amount: number;
  winners_count: number;
  opens_at: Date;
  closes_at: Date;
  status: "open" | "drawn";
  seed: string;
  seed_hash: string;
  tickets: number | null;
  drawn_at: Date | null;
};

const drawColumns = sql`d.id, d.title, d.prize, d.prize_amount, d.winners_count, d.opens_at,
  d.closes_at, d.status, d.seed, d.seed_hash, d.tickets, d.drawn_at`;

export const insertDraw = (
  tx: DbOrTx,
  d: {
    title: string;
    prize: string;
    prizeAmount: number;
    winnersCount: number;
    opensAt: Date;
    closesAt: Date;
    seed: string;
    seedHash: string;
    createdBy: string;
  },
) =>
  first<DrawRow>(
    tx,
    sql`insert into lucky_draws as d (title, prize, prize_amount, winners_count, opens_at,
          closes_at, seed, seed_hash, created_by)
        values (${d.title}, ${d.prize}, ${d.prizeAmount}, ${d.winnersCount}, ${d.opensAt},
          ${d.closesAt}, ${d.seed}, ${d.seedHash}, ${d.createdBy})
        returning ${drawColumns}`,
  );

/** The draw shown as current: open now (a closed one waiting for its run is not), closing soonest. */
export const currentDraw = (db: DbOrTx) =>
  first<DrawRow>(
    db,
    sql`select ${drawColumns} from lucky_draws d
        where d.status = 'open' and d.opens_at <= now() and d.closes_at > now()
        order by d.closes_at, d.id limit 1`,
  );

export const pastDraws = (db: DbOrTx, limit: number) =>
  rows<DrawRow>(
    db,
    sql`select ${drawColumns} from lucky_draws d where d.status = 'drawn'
        order by d.drawn_at desc, d.id limit ${limit}`,
  );

export const findDraw = (db: DbOrTx, id: string) =>
  first<DrawRow>(db, sql`select ${drawColumns} from lucky_draws d where d.id = ${id}`);

/** The draw's row lock: one run at a time, and entries wait for a run in progress. */
export const lockDraw = (tx: DbOrTx, id: string) =>
  first<DrawRow>(tx, sql`select ${drawColumns} from lucky_draws d where d.id = ${id} for update`);

export type AdminDrawRow = DrawRow & { entries: number; tickets_so_far: number };
export const listForStaff = (db: DbOrTx, limit: number) =>
  rows<AdminDrawRow>(
    db,
    sql`select ${drawColumns},
          (select count(*)::int from lucky_draw_entries e where e.draw_id = d.id) as entries,
          (select coalesce(sum(e.count), 0)::int from lucky_draw_entries e
            where e.draw_id = d.id) as tickets_so_far
        from lucky_draws d order by d.closes_at desc, d.id limit ${limit}`,
  );

export type WinnerRow = {
  draw_id: string;
  place: number;
  user_id: string;
  ticket: number;
  first_name: string;
  last_name: string;
};
export const winnersOf = (db: DbOrTx, drawIds: string[]) =>
  drawIds.length === 0
    ? Promise.resolve([])
    : rows<WinnerRow>(
        db,
        sql`select w.draw_id, w.place, w.user_id, w.ticket, u.first_name, u.last_name
            from lucky_draw_winners w join users u on u.id = w.user_id
            where w.draw_id in ${sql`(${sql.join(
              drawIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`}
            order by w.draw_id, w.place`,
      );

export const ticketsOf = async (db: DbOrTx, drawId: string, userId: string) =>
  (
    await first<{ n: number }>(
      db,
      sql`select coalesce(sum(count), 0)::int as n from lucky_draw_entries
          where draw_id = ${drawId} and user_id = ${userId}`,
    )
  )?.n ?? 0;

export type EntryRow = { seq: number; user_id: string; count: number };
/** The draw's entries in published order (by `seq`). */
export const entriesOf = (db: DbOrTx, drawId: string) =>
  rows<EntryRow>(
    db,
    sql`select seq::int as seq, user_id, count from lucky_draw_entries
        where draw_id = ${drawId} order by seq`,
  );

export const insertWinner = (
  tx: DbOrTx,
  w: { drawId: string; place: number; userId: string; ticket: number },
) =>
  tx.execute(
    sql`insert into lucky_draw_winners (draw_id, place, user_id, ticket)
        values (${w.drawId}, ${w.place}, ${w.userId}, ${w.ticket})`,
  );

export const markDrawn = (tx: DbOrTx, id: string, tickets: number) =>
  tx.execute(
    sql`update lucky_draws set status = 'drawn', tickets = ${tickets}, drawn_at = now()
        where id = ${id} and status = 'open'`,
  );

/** A winner's phone (proven) for the SMS; null when they have none. */
export const phoneOf = async (db: DbOrTx, userId: string) =>
  (await first<{ phone: string | null }>(db, sql`select phone from users where id = ${userId}`))
    ?.phone ?? null;

/**
 * What an order earns: its shopper, and what they paid (wallet included) less what was refunded
 * already, when it is delivered and has a shopper; the time of the delivery event decides the
 * draws it enters.
 */
export const deliveredOrder = (db: DbOrTx, orderId: string, eventId: string) =>
  first<{ user_id: string; spent: number; at: Date }>(
    db,
    sql`select o.user_id, greatest(0, o.total + o.wallet_used
          - coalesce((select sum(r.amount) from order_refunds r where r.order_id = o.id), 0))::int
          as spent, ev.created_at as at
        from orders o, domain_events ev
        where o.id = ${orderId} and ev.id = ${eventId}
          and o.status = 'delivered' and o.user_id is not null`,
  );

/** What an order paid (wallet included) less everything refunded of it, never below zero. */
export const keptOfOrder = async (db: DbOrTx, orderId: string) =>
  (
    await first<{ kept: number }>(
      db,
      sql`select greatest(0, o.total + o.wallet_used
            - coalesce((select sum(r.amount) from order_refunds r where r.order_id = o.id), 0))::int as kept
          from orders o where o.id = ${orderId}`,
    )
  )?.kept ?? 0;

/**
 * An order's entries in draws still open, cut to `count` tickets (deleted at 0), under the
 * draws' share lock so a run waits; drawn draws keep theirs. The entries changed.
 */
export const cutEntries = async (tx: DbOrTx, orderId: string, count: number) => {
  const open = sql`select id from lucky_draws where status = 'open' order by id for share`;
  const r =
    count < 1
      ? await tx.execute(
          sql`delete from lucky_draw_entries where order_id = ${orderId} and draw_id in (${open})`,
        )
      : await tx.execute(
          sql`update lucky_draw_entries set count = ${count}
              where order_id = ${orderId} and count > ${count} and draw_id in (${open})`,
        );
  return r.rowCount ?? 0;
};

/** Draws open at `at` and not drawn, locked against a run starting meanwhile. */
export const openDrawsAt = (tx: DbOrTx, at: Date) =>
  rows<{ id: string }>(
    tx,
    sql`select id from lucky_draws
        where status = 'open' and opens_at <= ${at} and closes_at > ${at}
        order by id for share`,
  );

/** One entry per draw and order; false when the order had already entered this draw. */
export const addEntry = async (
  tx: DbOrTx,
  e: { drawId: string; userId: string; orderId: string; count: number },
) =>
  (
    await tx.execute(
      sql`insert into lucky_draw_entries (draw_id, user_id, order_id, count)
          values (${e.drawId}, ${e.userId}, ${e.orderId}, ${e.count})
          on conflict (draw_id, order_id) do nothing`,
    )
  ).rowCount === 1;
