import { createHash } from "node:crypto";
import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import {
  type AdminLuckyDraw,
  type AdminLuckyDrawService,
  createLuckyDrawBody,
  type LuckyDrawProof,
  type LuckyDrawService,
  type LuckyDrawView,
} from "@maidan/contracts/lucky-draw";
import { newSeed, pickWinners, sha256Hex } from "@maidan/contracts/lucky-draw-rule";
import type { Db, DbOrTx } from "@maidan/db/database";
import type { WalletEntryKind } from "@maidan/db/schema-wallet";
import { forbidden } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { DomainEvent, Events } from "../events/events.ts";
import type { Jobs } from "../jobs/jobs.ts";
import type { Messages } from "../messages/messages.ts";
import * as repo from "./lucky-draw.repository.ts";

/** The consumer of `order.delivered` that gives entries (compose.ts subscribes it). */
export const LUCKY_DRAW_CONSUMER = "lucky-draw";
/** Its queue (events.ts names a consumer's queue `events.<consumer>`). */
const ENTRY_QUEUE = `events.${LUCKY_DRAW_CONSUMER}`;

/** The queue of the draw's run: one job per draw, due when it closes (decision 056). */
export const LUCKY_DRAW_RUN_QUEUE = "lucky-draw.run";
/** Deliveries just before the close are consumed (entries) before the draw runs. */
const RUN_GRACE_MS = 60_000;
const PAST_DRAWS = 10;

export const RULE = `Tickets are numbered from 0 in the order of the list. For i = 0, 1, 2, …: take
HMAC-SHA256 with the seed's text as key and "winner-" + i as message; the first 6 bytes, read as a
big-endian number, modulo the number of tickets, give a ticket. A holder who has already won is
skipped. Stop at the draw's number of winners (or when every holder has won). The seed's SHA-256 is
the hash published when the draw opened.`;

export type LuckyDrawDeps = {
  db: Db;
  jobs: Jobs;
  events: Events;
  messages: Messages;
  /** The wallet's credit, once per (kind, reference), in the caller's transaction. */
  credit(
    tx: DbOrTx,
    userId: string,
    e: { amount: number; kind: WalletEntryKind; reference: string; remark: string },
  ): Promise<boolean>;
  /** One entry per this many rupees of a delivered order (LUCKY_DRAW_RUPEES_PER_ENTRY). */
  rupeesPerEntry: number;
  publicUrl: string;
};

/** A shopper's code in a draw's ticket list: the same in every list of that draw, and no other. */
export const holderOf = (drawId: string, userId: string) =>
  createHash("sha256").update(`${drawId}:${userId}`).digest("hex").slice(0, 12);

/** "Hina Aslam" → "H*** A.": enough for the winner to know it is them, not for others to. */
export function maskedName(firstName: string, lastName: string) {
  const f = firstName.trim();
  const l = lastName.trim();
  if (!f && !l) return "A Maidan shopper";
  const head = f ? `${f[0]?.toUpperCase()}***` : "";
  return [head, l ? `${l[0]?.toUpperCase()}.` : ""].filter(Boolean).join(" ");
}

/** Each ticket's holder, along the entries in published order. */
function ticketList(drawId: string, entries: repo.EntryRow[]) {
  const tickets: string[] = [];
  const listed = entries.map((e) => {
    const holder = holderOf(drawId, e.user_id);
    const firstTicket = tickets.length;
    for (let i = 0; i < e.count; i++) tickets.push(holder);
    return { seq: e.seq, holder, count: e.count, firstTicket, userId: e.user_id };
  });
  return { tickets, listed };
}

function viewOf(d: repo.DrawRow, winners: repo.WinnerRow[]): LuckyDrawView {
  const drawn = d.status === "drawn";
  return {
    _id: d.id,
    title: d.title,
    prize: d.prize,
    prizeAmount: d.prize_amount,
    winnersCount: d.winners_count,
    opensAt: new Date(d.opens_at).toISOString(),
    closesAt: new Date(d.closes_at).toISOString(),
    status: d.status,
    seedHash: d.seed_hash,
    // The secret stays secret until the draw has run.
    seed: drawn ? d.seed : null,
    tickets: drawn ? d.tickets : null,
    drawnAt: d.drawn_at ? new Date(d.drawn_at).toISOString() : null,
    winners: winners
      .filter((w) => w.draw_id === d.id)
      .map((w) => ({
        place: w.place,
        name: maskedName(w.first_name, w.last_name),
        ticket: w.ticket,
        holder: holderOf(d.id, w.user_id),
      })),
  };
}

function requireManager(s: Staff) {
  if (!hasRole(s.role, "manager")) throw forbidden("Only managers and admins run lucky draws.");
}

/**
 * The lucky draw (issue #17, decision 056): entries from delivered orders, a draw run once at its
 * close by a job, and its proof. `shopper` and `staff` are what the routes and pages call.
 */
export function createLuckyDraw(deps: LuckyDrawDeps) {
  const { db } = deps;

  /**
   * Runs a closed draw: under the draw's row lock, once. A second run (at once or later) finds
   * it drawn and does nothing; a run before the close, or while deliveries from before the close
   * still wait for their entries (a backlog, a retry), throws, so the job tries again later.
   * Answers whether this run drew it.
   */
  async function run(drawId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const d = await repo.lockDraw(tx, drawId);
      if (!d || d.status === "drawn") return false;
      const closes = new Date(d.closes_at);
      if (closes.getTime() > Date.now()) throw new Error(`lucky draw ${drawId} is not closed yet`);
      const waiting = await deps.jobs.unfinishedBefore(ENTRY_QUEUE, closes);
      if (waiting > 0)
        throw new Error(
          `lucky draw ${drawId}: ${waiting} deliveries before the close wait for their entries`,
        );
      const { tickets, listed } = ticketList(d.id, await repo.entriesOf(tx, d.id));
      const userOf = new Map(listed.map((e) => [e.holder, e.userId]));
      for (const pick of await pickWinners(d.seed, tickets, d.winners_count)) {
        const userId = userOf.get(pick.holder);
        if (!userId) throw new Error("lucky draw: a ticket without its holder");
        await repo.insertWinner(tx, { drawId, place: pick.place, userId, ticket: pick.ticket });
        await deps.credit(tx, userId, {
          amount: d.prize_amount,
          kind: "lucky_draw",
          reference: `lucky-draw:${d.id}`,
          remark: `Lucky draw prize: ${d.title}`,
        });
        await deps.events.emit(tx, "lucky_draw.won", d.id, {
          userId,
          drawId: d.id,
          title: d.title,
          amount: d.prize_amount,
          place: pick.place,
        });
        const phone = await repo.phoneOf(tx, userId);
        if (phone)
          await deps.messages.sms(
            tx,
            phone,
            {
              template: "lucky-draw-won",
              title: d.title,
              amount: d.prize_amount,
              link: `${deps.publicUrl}/lucky-draw`,
            },
            `lucky-draw:${d.id}:${userId}`,
          );
      }
      await repo.markDrawn(tx, d.id, tickets.length);
      return true;
    });
  }

  /**
   * `order.delivered`: the order's shopper gets one ticket per `rupeesPerEntry` rupees paid in
   * each draw open when it was delivered. Once per draw and order (a repeated event adds none).
   */
  async function onDelivered(e: DomainEvent) {
    if (!e.subjectId) return;
    const order = await repo.deliveredOrder(db, e.subjectId, e.id);
    if (!order) return;
    const count = Math.floor(order.spent / deps.rupeesPerEntry);
    if (count < 1) return;
    await db.transaction(async (tx) => {
      for (const d of await repo.openDrawsAt(tx, new Date(order.at)))
        await repo.addEntry(tx, {
          drawId: d.id,
          userId: order.user_id,
          orderId: e.subjectId ?? "",
          count,
        });
    });
  }

  /**
   * `order.refunded`: an order's entries in draws still open shrink to what it kept (paid less
   * refunded), gone when that earns none; a drawn draw is final.
   */
  async function onRefunded(e: DomainEvent) {
    if (!e.subjectId) return;
    const orderId = e.subjectId;
    await db.transaction(async (tx) => {
      const kept = await repo.keptOfOrder(tx, orderId);
      await repo.cutEntries(tx, orderId, Math.floor(kept / deps.rupeesPerEntry));
    });
  }

  const shopper: LuckyDrawService = {
    async page(userId) {
      const [current, past] = await Promise.all([
        repo.currentDraw(db),
        repo.pastDraws(db, PAST_DRAWS),
      ]);
      const winners = await repo.winnersOf(
        db,
        past.map((d) => d.id),
      );
      const mine =
        userId && current
          ? {
              entries: await repo.ticketsOf(db, current.id, userId),
              holder: holderOf(current.id, userId),
            }
          : userId
            ? { entries: 0, holder: null }
            : null;
      return {
        current: current ? viewOf(current, []) : null,
        past: past.map((d) => viewOf(d, winners)),
        rupeesPerEntry: deps.rupeesPerEntry,
        mine,
      };
    },

    async proof(id): Promise<LuckyDrawProof | null> {
      const d = await repo.findDraw(db, id);
      if (d?.status !== "drawn" || !d.drawn_at) return null;
      const [entries, winners] = await Promise.all([
        repo.entriesOf(db, id),
        repo.winnersOf(db, [id]),
      ]);
      const { tickets, listed } = ticketList(id, entries);
      return {
        drawId: d.id,
        title: d.title,
        closesAt: new Date(d.closes_at).toISOString(),
        drawnAt: new Date(d.drawn_at).toISOString(),
        seedHash: d.seed_hash,
        seed: d.seed,
        winnersCount: d.winners_count,
        rule: RULE.replace(/\s+/g, " "),
        entries: listed.map(({ seq, holder, count, firstTicket }) => ({
          seq,
          holder,
          count,
          firstTicket,
        })),
        tickets,
        winners: winners.map((w) => ({
          place: w.place,
          ticket: w.ticket,
          holder: holderOf(id, w.user_id),
        })),
      };
    },
  };

  const staff: AdminLuckyDrawService = {
    async list(s) {
      requireManager(s);
      const rows = await repo.listForStaff(db, 100);
      const winners = await repo.winnersOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        draws: rows.map((r) => ({
          ...viewOf(r, winners),
          entries: r.entries,
          ticketsSoFar: r.tickets_so_far,
        })),
      };
    },

    /** A new draw: its secret seed made here, its hash public at once, its run queued. */
    async create(s, body): Promise<AdminLuckyDraw> {
      requireManager(s);
      const b = parseInput(createLuckyDrawBody, body);
      const seed = newSeed();
      const seedHash = await sha256Hex(seed);
      const closesAt = new Date(b.closesAt);
      const row = await db.transaction(async (tx) => {
        const d = await repo.insertDraw(tx, {
          title: b.title,
          prize: b.prize,
          prizeAmount: b.prizeAmount,
          winnersCount: b.winnersCount,
          opensAt: b.opensAt ? new Date(b.opensAt) : new Date(),
          closesAt,
          seed,
          seedHash,
          createdBy: s.id,
        });
        if (!d) throw new Error("lucky draw: insert returned no row");
        await deps.jobs.enqueue(
          tx,
          LUCKY_DRAW_RUN_QUEUE,
          { drawId: d.id },
          { startAfter: new Date(closesAt.getTime() + RUN_GRACE_MS) },
        );
        return d;
      });
      return { ...viewOf(row, []), entries: 0, ticketsSoFar: 0 };
    },
  };

  return { shopper, staff, run, onDelivered, onRefunded };
}

export type LuckyDrawImpl = ReturnType<typeof createLuckyDraw>;

/** The draw's run as a job: retried until the draw has closed and run (decision 056). */
export function defineLuckyDrawRun(jobs: Jobs, draw: LuckyDrawImpl) {
  jobs.define<{ drawId: string }>({
    name: LUCKY_DRAW_RUN_QUEUE,
    retryLimit: 20,
    retryDelay: 30,
    handle: (d) => draw.run(d.drawId),
  });
}
