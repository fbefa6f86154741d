import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { users } from "./schema-auth.ts";
import { orders } from "./schema-orders.ts";

export const LUCKY_DRAW_STATUSES = ["open", "drawn"] as const;
export type LuckyDrawStatus = (typeof LUCKY_DRAW_STATUSES)[number];

/**
 * The lucky draw (spec §2 /lucky-draw, decision 056). The secret `seed` is made when the draw is
 * created and only its SHA-256 (`seed_hash`) is shown until the draw has run; then the seed, the
 * ordered entries and the winners are public, and anyone can recompute the winners from them.
 * The prize is a wallet credit of `prize_amount` rupees to each winner.
 */
export const luckyDraws = pgTable(
  "lucky_draws",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /** What the winners get, in words ("Rs. 5,000 in your Maidan wallet"). */
    prize: text("prize").notNull(),
    prizeAmount: integer("prize_amount").notNull(),
    winnersCount: integer("winners_count").notNull().default(1),
    opensAt: timestamp("opens_at", { withTimezone: true }).notNull(),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    status: text("status").$type<LuckyDrawStatus>().notNull().default("open"),
    /** 32 random bytes, hex: secret until the draw has run. */
    seed: text("seed").notNull(),
    /** SHA-256 of the seed's text, hex: public from the start. */
    seedHash: text("seed_hash").notNull(),
    /** Tickets in the draw, when it ran. */
    tickets: integer("tickets"),
    drawnAt: timestamp("drawn_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("lucky_draws_closes_idx").on(t.closesAt),
    check("lucky_draws_status_check", sql`${t.status} in ('open', 'drawn')`),
    check("lucky_draws_prize_check", sql`${t.prizeAmount} > 0`),
    check("lucky_draws_winners_check", sql`${t.winnersCount} between 1 and 100`),
    check("lucky_draws_window_check", sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

/**
 * Entries earned by a delivered order: `count` tickets in each draw open when it was delivered.
 * One row per draw and order, so a repeated delivery event adds nothing. `seq` is the published
 * order of the entries (tickets are numbered along it from 0).
 */
export const luckyDrawEntries = pgTable(
  "lucky_draw_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    drawId: uuid("draw_id")
      .notNull()
      .references(() => luckyDraws.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    count: integer("count").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("lucky_draw_entries_once").on(t.drawId, t.orderId),
    index("lucky_draw_entries_draw_idx").on(t.drawId, t.seq),
    index("lucky_draw_entries_user_idx").on(t.userId, t.drawId),
    check("lucky_draw_entries_count_check", sql`${t.count} > 0`),
  ],
);

/** A draw's winners, in the order the rule picked them: one row per place and per shopper. */
export const luckyDrawWinners = pgTable(
  "lucky_draw_winners",
  {
    drawId: uuid("draw_id")
      .notNull()
      .references(() => luckyDraws.id, { onDelete: "cascade" }),
    place: integer("place").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ticket: integer("ticket").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("lucky_draw_winners_place").on(t.drawId, t.place),
    unique("lucky_draw_winners_user").on(t.drawId, t.userId),
  ],
);
