import { randomInt } from "node:crypto";
import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import { rupees } from "@maidan/contracts/money";
import {
  type AdminReferralsService,
  type Earning,
  type FriendState,
  type Invite,
  type MyEarnings,
  type MyReferral,
  REFERRAL_CODE,
  type ReferralService,
  type ReferralSettings,
  referralSettings,
} from "@maidan/contracts/referrals";
import type { WalletEntryKind } from "@maidan/contracts/wallet";
import type { Db, DbOrTx } from "@maidan/db/database";
import { logger } from "@maidan/observability/log";
import { forbidden } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { DomainEvent, Events } from "../events/events.ts";
import * as repo from "./referrals.repository.ts";

/** 31 letters and digits with no look-alikes (matches contracts' REFERRAL_CODE). */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const newCode = () =>
  Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

const iso = (d: string | Date) => new Date(d).toISOString();

/** "Ali K.": a friend's first name and initial, never their full name or contact. */
export const shortName = (first: string | null, last: string | null) =>
  [first?.trim() || "A friend", last?.trim() ? `${last.trim()[0]}.` : ""].filter(Boolean).join(" ");

type LedgerEntry = { amount: number; kind: WalletEntryKind; reference: string; remark: string };

export type ReferralDeps = {
  db: Db;
  /** Records an admin's change of the amounts, in its transaction (the audit log). */
  settingsChanged: (
    tx: DbOrTx,
    change: { actor: Staff; before: ReferralSettings; after: ReferralSettings },
  ) => Promise<unknown>;
  /** The wallet's ledger (a port: the wallet is another domain). */
  wallet: {
    credit(tx: DbOrTx, userId: string, e: LedgerEntry): Promise<boolean>;
    takeBack(tx: DbOrTx, userId: string, e: LedgerEntry): Promise<number>;
    entriesOf(
      userId: string,
      kinds: WalletEntryKind[],
    ): Promise<{ id: string; amount: number; kind: string; remark: string; createdAt: Date }[]>;
  };
  /** `referral.rewarded` is written in the credit's transaction (the referrer is notified). */
  events: Pick<Events, "emit">;
  publicUrl: string;
  orders: {
    /** An order's owner, status and goods' value; null when there is none. */
    facts(
      id: string,
    ): Promise<{ userId: string | null; status: string; subtotal: number; orderNo: string } | null>;
    whoOrdered(userIds: string[]): Promise<Set<string>>;
  };
};

/** Why a sign-up was not linked to the code's owner (none of them stop the sign-up). */
export type LinkRefusal =
  | "unknown_code"
  | "self"
  | "same_phone"
  | "phone_referred"
  | "loop"
  | "linked";

/**
 * The referral programme (decision 055): codes, linking a new account to its referrer in the
 * account's own transaction, and the credits that follow the friend's first delivered order.
 */
export function createReferrals(deps: ReferralDeps) {
  const { db, wallet } = deps;

  async function settings(tx: DbOrTx = db): Promise<ReferralSettings> {
    const s = await repo.settings(tx);
    if (!s) throw new Error("settings row missing: the database has not been seeded");
    return { bonus: s.bonus, welcome: s.welcome, minOrder: s.min_order, monthlyCap: s.monthly_cap };
  }

  /** The user's code, made on first use; a clash with another's code draws again. */
  async function codeFor(userId: string) {
    for (let i = 0; i < 5; i++) {
      const mine = await repo.codeOf(db, userId);
      if (mine) return mine.code;
      await repo.insertCode(db, userId, newCode());
    }
    throw new Error(`no referral code for ${userId}`);
  }

  const linkOf = (code: string) => `${deps.publicUrl}/invite/${code}`;

  /**
   * Links a new account to the owner of `code`, in the transaction that creates it. Refused
   * (nothing written, the sign-up goes on): an unknown code, the referrer themself, the
   * referrer's phone, a phone referred before, a loop. Concurrent sign-ups with one phone: the
   * partial unique index lets one in.
   */
  async function link(
    tx: DbOrTx,
    friend: { id: string; phone: string | null; phonePending: string | null },
    rawCode: string,
  ): Promise<{ linked: true } | { linked: false; why: LinkRefusal }> {
    const code = rawCode.trim().toUpperCase();
    if (!REFERRAL_CODE.test(code)) return { linked: false, why: "unknown_code" };
    const owner = await repo.ownerOfCode(tx, code);
    if (!owner) return { linked: false, why: "unknown_code" };
    if (owner.user_id === friend.id) return { linked: false, why: "self" };
    const phone = friend.phone ?? friend.phonePending;
    const ownerPhones = [owner.phone, owner.phone_pending].filter(Boolean);
    if (phone && ownerPhones.includes(phone)) return { linked: false, why: "same_phone" };
    // A loop: the code's owner was brought by this account.
    const ownersReferral = await repo.referralOf(tx, owner.user_id);
    if (ownersReferral?.referrer_id === friend.id) return { linked: false, why: "loop" };
    if (phone && (await repo.phoneReferred(tx, phone)))
      return { linked: false, why: "phone_referred" };
    const row = await repo.insertReferral(tx, {
      referrerId: owner.user_id,
      refereeId: friend.id,
      phone,
    });
    if (row) return { linked: true };
    return {
      linked: false,
      why: phone && (await repo.phoneReferred(tx, phone)) ? "phone_referred" : "linked",
    };
  }

  /**
   * `order.delivered`: the friend's first delivered order decides their referral once (the
   * row is locked and must still be `joined`): the referrer's bonus within the month's cap, the
   * friend's welcome credit when the order reaches the minimum. Ledger references are the
   * referral's id, so a second run writes nothing.
   */
  async function onDelivered(e: DomainEvent) {
    if (!e.subjectId) return;
    const order = await deps.orders.facts(e.subjectId);
    if (!order?.userId) return;
    const friendId = order.userId;
    await db.transaction(async (tx) => {
      const r0 = await repo.referralOf(tx, friendId);
      if (r0?.status !== "joined") return;
      // Referrer first, then the referral: every decision for one referrer queues on its lock.
      await repo.lockReferrer(tx, r0.referrer_id);
      const r = await repo.lockReferralOf(tx, friendId);
      if (r?.status !== "joined") return;
      const s = await settings(tx);
      const friend = await repo.personOf(tx, friendId);
      const referrer = await repo.personOf(tx, r.referrer_id);
      const phone = friend?.phone ?? null;
      // The number proven since joining must not be the referrer's or another friend's.
      const refused =
        phone !== null &&
        (phone === referrer?.phone ||
          phone === referrer?.phone_pending ||
          (await repo.phoneReferred(tx, phone, r.id)));
      const capped = !refused && (await repo.rewardedThisMonth(tx, r.referrer_id)) >= s.monthlyCap;
      const status = refused ? "refused" : capped ? "capped" : "rewarded";
      const bonus = status === "rewarded" ? s.bonus : 0;
      const welcome = status === "rewarded" && order.subtotal >= s.minOrder ? s.welcome : 0;
      await repo.decide(tx, r.id, { status, orderId: e.subjectId as string, bonus, welcome });
      const who = shortName(friend?.first_name ?? null, friend?.last_name ?? null);
      if (
        bonus > 0 &&
        (await wallet.credit(tx, r.referrer_id, {
          amount: bonus,
          kind: "referral_bonus",
          reference: `referral:${r.id}`,
          remark: `${who}'s first order ${order.orderNo} was delivered`,
        }))
      )
        await deps.events.emit(tx, "referral.rewarded", r.id, {
          userId: r.referrer_id,
          referralId: r.id,
          friend: who,
          amount: bonus,
          orderNo: order.orderNo,
        });
      if (welcome > 0)
        await wallet.credit(tx, friendId, {
          amount: welcome,
          kind: "referral_welcome",
          reference: `referral:${r.id}`,
          remark: `Welcome credit for your first order ${order.orderNo}`,
        });
    });
  }

  /**
   * `order.refunded`: a refund of the order that earned a referral takes both credits back by
   * ledger entries (as far as each balance goes: a wallet never goes below 0), once.
   */
  async function onRefunded(e: DomainEvent) {
    if (!e.subjectId) return;
    const orderId = e.subjectId;
    await db.transaction(async (tx) => {
      const r = await repo.lockReferralByOrder(tx, orderId);
      if (r?.status !== "rewarded") return;
      await repo.markReversed(tx, r.id);
      const reference = `referral:${r.id}`;
      const remark = "The order that earned it was refunded";
      let short = 0;
      for (const [userId, amount] of [
        [r.referrer_id, r.bonus],
        [r.referee_id, r.welcome],
      ] as const) {
        if (amount === 0) continue;
        const taken = await wallet.takeBack(tx, userId, {
          amount,
          kind: "referral_reversal",
          reference,
          remark,
        });
        short += amount - taken;
      }
      if (short > 0)
        logger().warn(`referral ${r.id}: ${rupees(short)} of reversed credits was already spent`);
    });
  }

  function friendState(row: repo.FriendRow, ordered: Set<string>): FriendState {
    if (row.status !== "joined") return row.status;
    return ordered.has(row.referee_id) ? "ordered" : "joined";
  }

  const service: ReferralService = {
    settings: () => settings(),

    async invite(code: string): Promise<Invite | null> {
      const c = code.trim().toUpperCase();
      if (!REFERRAL_CODE.test(c)) return null;
      const owner = await repo.ownerOfCode(db, c);
      if (!owner) return null;
      return {
        code: c,
        inviter: shortName(owner.first_name, owner.last_name),
        settings: await settings(),
      };
    },

    async mine(userId: string): Promise<MyReferral> {
      const [code, s, friends] = await Promise.all([
        codeFor(userId),
        settings(),
        repo.friendsOf(db, userId, 100),
      ]);
      const ordered = await deps.orders.whoOrdered(friends.map((f) => f.referee_id));
      return {
        code,
        link: linkOf(code),
        settings: s,
        friends: friends.map((f) => ({
          name: shortName(f.first_name, f.last_name),
          joinedAt: iso(f.created_at),
          state: friendState(f, ordered),
          bonus: f.status === "rewarded" ? f.bonus : 0,
        })),
      };
    },

    async summary(userId: string) {
      const [code, counts] = await Promise.all([codeFor(userId), repo.countsOf(db, userId)]);
      return { code, link: linkOf(code), ...counts };
    },

    async earnings(userId: string): Promise<MyEarnings> {
      const [s, friends, entries] = await Promise.all([
        settings(),
        repo.friendsOf(db, userId, 100),
        wallet.entriesOf(userId, ["referral_bonus", "referral_welcome", "referral_reversal"]),
      ]);
      const waiting = friends.filter((f) => f.status === "joined");
      const pending: Earning[] = waiting.map((f) => ({
        _id: f.id,
        amount: s.bonus,
        kind: "pending",
        source: `${shortName(f.first_name, f.last_name)} joined: yours when their first order is delivered`,
        createdAt: iso(f.created_at),
      }));
      const credited: Earning[] = entries.map((e) => ({
        _id: e.id,
        amount: e.amount,
        kind: e.kind as Earning["kind"],
        source: e.remark,
        createdAt: e.createdAt.toISOString(),
      }));
      return {
        pending: pending.reduce((n, p) => n + p.amount, 0),
        available: credited.reduce((n, c) => n + c.amount, 0),
        entries: [...pending, ...credited].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      };
    },
  };

  const staff: AdminReferralsService = {
    async list(s, page) {
      if (!hasRole(s.role, "manager")) throw forbidden();
      const rows = await repo.listAll(db, 50, Math.max(0, page - 1) * 50);
      return rows.map((r) => ({
        _id: r.id,
        referrer: { _id: r.referrer_id, name: shortName(r.referrer_first, r.referrer_last) },
        friend: { _id: r.referee_id, name: shortName(r.friend_first, r.friend_last) },
        phone: r.phone,
        status: r.status,
        orderId: r.order_id,
        bonus: r.bonus,
        welcome: r.welcome,
        createdAt: iso(r.created_at),
      }));
    },
    async settings(s) {
      if (!hasRole(s.role, "manager")) throw forbidden();
      return settings();
    },
    async setSettings(s, input) {
      if (!hasRole(s.role, "admin")) throw forbidden("Only admins change the shop's settings.");
      const next = parseInput(referralSettings, input);
      await db.transaction(async (tx) => {
        const before = await settings(tx);
        await repo.setSettings(tx, next);
        await deps.settingsChanged(tx, { actor: s, before, after: next });
      });
      return settings();
    },
  };

  return { ...service, staff, link, codeFor, onDelivered, onRefunded };
}

export type ReferralsImpl = ReturnType<typeof createReferrals>;
