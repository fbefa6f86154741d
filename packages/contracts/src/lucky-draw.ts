/**
 * The lucky draw (spec §2 /lucky-draw; issue #17, decision 056): draws with a wallet-credit prize,
 * entries earned by delivered orders, and everything needed to check a draw was fair.
 */
import { z } from "zod";
import type { Staff } from "./admin-orders.ts";

export const luckyDrawWinner = z.object({
  place: z.number().int(),
  /** The winner's name, masked: "Hina A." → "H*** A." */
  name: z.string(),
  ticket: z.number().int(),
  /** The winner's code in the published ticket list. */
  holder: z.string(),
});
export type LuckyDrawWinner = z.infer<typeof luckyDrawWinner>;

export const luckyDrawView = z.object({
  _id: z.string(),
  title: z.string(),
  prize: z.string(),
  /** Rupees credited to each winner's wallet. */
  prizeAmount: z.number().int(),
  winnersCount: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  status: z.enum(["open", "drawn"]),
  /** SHA-256 of the secret seed, published when the draw was made. */
  seedHash: z.string(),
  /** The seed itself: null until the draw has run. */
  seed: z.string().nullable(),
  /** Tickets in the draw: null until it has run. */
  tickets: z.number().int().nullable(),
  drawnAt: z.string().nullable(),
  winners: z.array(luckyDrawWinner),
});
export type LuckyDrawView = z.infer<typeof luckyDrawView>;

/** GET /api/lucky-draws: the current draw, the past ones, and the viewer's entries. */
export const luckyDrawPage = z.object({
  current: luckyDrawView.nullable(),
  past: z.array(luckyDrawView),
  /** One entry per this many rupees of a delivered order. */
  rupeesPerEntry: z.number().int(),
  /** The signed-in shopper's tickets in the current draw and their code in its list; else null. */
  mine: z.object({ entries: z.number().int(), holder: z.string().nullable() }).nullable(),
});
export type LuckyDrawPage = z.infer<typeof luckyDrawPage>;

/** GET /api/lucky-draws/{id}/proof: a drawn draw's data, to recompute its winners. */
export const luckyDrawProof = z.object({
  drawId: z.string(),
  title: z.string(),
  closesAt: z.string(),
  drawnAt: z.string(),
  seedHash: z.string(),
  seed: z.string(),
  winnersCount: z.number().int(),
  rule: z.string(),
  /** The entries in published order: each one's holder and tickets (`firstTicket` onwards). */
  entries: z.array(
    z.object({
      seq: z.number().int(),
      holder: z.string(),
      count: z.number().int(),
      firstTicket: z.number().int(),
    }),
  ),
  /** `tickets[n]`: the holder of ticket n. */
  tickets: z.array(z.string()),
  /** The winners as the draw recorded them: recompute them from `seed` and `tickets`. */
  winners: z.array(
    z.object({ place: z.number().int(), ticket: z.number().int(), holder: z.string() }),
  ),
});
export type LuckyDrawProof = z.infer<typeof luckyDrawProof>;

export const luckyDrawParams = z.object({
  id: z.uuid({ message: "This draw could not be found" }),
});

const when = z.iso.datetime({ offset: true, message: "must be a date and time (ISO 8601)" });

/** POST /api/admin/lucky-draws. */
export const createLuckyDrawBody = z
  .object({
    title: z.string().trim().min(3, "The title field is required").max(120),
    prize: z.string().trim().min(3, "The prize field is required").max(200),
    prizeAmount: z.coerce
      .number()
      .int("The prize must be whole rupees")
      .min(1, "The prize must be at least Rs. 1")
      .max(1_000_000, "The prize can be at most Rs. 1,000,000"),
    winnersCount: z.coerce.number().int().min(1).max(100).default(1),
    /** Default: now. */
    opensAt: when.optional(),
    closesAt: when,
  })
  .refine((b) => new Date(b.closesAt).getTime() > Date.now(), {
    message: "The closing time must be in the future",
    path: ["closesAt"],
  })
  .refine((b) => !b.opensAt || new Date(b.closesAt) > new Date(b.opensAt), {
    message: "The closing time must be after the opening time",
    path: ["closesAt"],
  });
export type CreateLuckyDrawBody = z.input<typeof createLuckyDrawBody>;

export const adminLuckyDraw = luckyDrawView.extend({
  /** Entries and tickets so far (open) or at the draw. */
  entries: z.number().int(),
  ticketsSoFar: z.number().int(),
});
export type AdminLuckyDraw = z.infer<typeof adminLuckyDraw>;
export const adminLuckyDrawList = z.object({ draws: z.array(adminLuckyDraw) });
export type AdminLuckyDrawList = z.infer<typeof adminLuckyDrawList>;

export type LuckyDrawService = {
  page(userId: string | null): Promise<LuckyDrawPage>;
  /** A drawn draw's proof; null for an unknown or undrawn one. */
  proof(id: string): Promise<LuckyDrawProof | null>;
};

export type AdminLuckyDrawService = {
  list(staff: Staff): Promise<AdminLuckyDrawList>;
  create(staff: Staff, body: unknown): Promise<AdminLuckyDraw>;
};
