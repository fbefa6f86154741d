import type { DbOrTx } from "@maidan/db/database";
import { first, rows } from "@maidan/db/raw-rows";
import type { ReferralStatus } from "@maidan/db/schema-referrals";
import { sql } from "drizzle-orm";

export type CodeRow = { user_id: string; code: string };
export type ReferralRow = {
  id: string;
  referrer_id: string;
  referee_id: string;
  phone: string | null;
  status: ReferralStatus;
  order_id: string | null;
  bonus: number;
  welcome: number;
  /** A string through drizzle's raw `execute`, a Date through pg itself. */
  created_at: string | Date;
};
export type Person = { id: string; first_name: string | null; last_name: string | null };

/** Inserts the user's code unless they have one; false when the code was taken by someone. */
export async function insertCode(db: DbOrTx, userId: string, code: string) {
  const r = await db.execute(
    sql`insert into referral_codes (user_id, code) values (${userId}, ${code}) on conflict do nothing`,
  );
  return r.rowCount === 1;
}

export const codeOf = (db: DbOrTx, userId: string) =>
  first<CodeRow>(db, sql`select user_id, code from referral_codes where user_id = ${userId}`);

export const ownerOfCode = (db: DbOrTx, code: string) =>
  first<CodeRow & Person & { phone: string | null; phone_pending: string | null }>(
    db,
    sql`select c.user_id, c.code, u.id, u.first_name, u.last_name, u.phone, u.phone_pending
        from referral_codes c join users u on u.id = c.user_id where c.code = ${code}`,
  );

/** The referrer's code row, locked: their bonuses are decided one at a time (the cap). */
export const lockReferrer = (tx: DbOrTx, userId: string) =>
  first<CodeRow>(
    tx,
    sql`select user_id, code from referral_codes where user_id = ${userId} for update`,
  );

export const referralOf = (db: DbOrTx, refereeId: string) =>
  first<ReferralRow>(db, sql`select * from referrals where referee_id = ${refereeId}`);

export const lockReferralOf = (tx: DbOrTx, refereeId: string) =>
  first<ReferralRow>(tx, sql`select * from referrals where referee_id = ${refereeId} for update`);

export const lockReferralByOrder = (tx: DbOrTx, orderId: string) =>
  first<ReferralRow>(tx, sql`select * from referrals where order_id = ${orderId} for update`);

/** Links a friend; null when they are linked already or their phone was referred before. */
export const insertReferral = (
  tx: DbOrTx,
  r: { referrerId: string; refereeId: string; phone: string | null },
) =>
  first<ReferralRow>(
    tx,
    sql`insert into referrals (referrer_id, referee_id, phone)
        values (${r.referrerId}, ${r.refereeId}, ${r.phone}) on conflict do nothing returning *`,
  );

export const phoneReferred = async (db: DbOrTx, phone: string, except: string | null = null) =>
  (await first(
    db,
    sql`select 1 from referrals where phone = ${phone} and id is distinct from ${except}`,
  )) !== null;

/** The referrer's bonuses this month (Pakistan time) that still stand. */
export const rewardedThisMonth = async (tx: DbOrTx, referrerId: string) =>
  Number(
    (
      await first<{ n: number }>(
        tx,
        sql`select count(*)::int as n from referrals where referrer_id = ${referrerId}
            and status = 'rewarded'
            and decided_at >= (date_trunc('month', now() at time zone 'Asia/Karachi') at time zone 'Asia/Karachi')`,
      )
    )?.n ?? 0,
  );

export const decide = (
  tx: DbOrTx,
  id: string,
  d: { status: ReferralStatus; orderId: string; bonus: number; welcome: number },
) =>
  tx.execute(sql`update referrals set status = ${d.status}, order_id = ${d.orderId},
    bonus = ${d.bonus}, welcome = ${d.welcome}, decided_at = now() where id = ${id}`);

export const markReversed = (tx: DbOrTx, id: string) =>
  tx.execute(sql`update referrals set status = 'reversed', reversed_at = now() where id = ${id}`);

export type FriendRow = ReferralRow & Person;

/** A referrer's friends, newest first. */
export const friendsOf = (db: DbOrTx, referrerId: string, limit: number) =>
  rows<FriendRow>(
    db,
    sql`select r.*, u.first_name, u.last_name
        from referrals r join users u on u.id = r.referee_id
        where r.referrer_id = ${referrerId}
        order by r.created_at desc, r.id desc limit ${limit}`,
  );

/** How many friends joined with the referrer's code, how many were rewarded, and the bonuses. */
export const countsOf = async (db: DbOrTx, referrerId: string) =>
  (await first<{ friends: number; rewarded: number; earned: number }>(
    db,
    sql`select count(*)::int as friends,
          (count(*) filter (where status = 'rewarded'))::int as rewarded,
          coalesce(sum(bonus) filter (where status = 'rewarded'), 0)::int as earned
        from referrals where referrer_id = ${referrerId}`,
  )) ?? { friends: 0, rewarded: 0, earned: 0 };

export type AdminRow = ReferralRow & {
  referrer_first: string | null;
  referrer_last: string | null;
  friend_first: string | null;
  friend_last: string | null;
};

export const listAll = (db: DbOrTx, limit: number, offset: number) =>
  rows<AdminRow>(
    db,
    sql`select r.*, a.first_name as referrer_first, a.last_name as referrer_last,
          b.first_name as friend_first, b.last_name as friend_last
        from referrals r join users a on a.id = r.referrer_id join users b on b.id = r.referee_id
        order by r.created_at desc, r.id desc limit ${limit} offset ${offset}`,
  );

export type SettingsRow = {
  bonus: number;
  welcome: number;
  min_order: number;
  monthly_cap: number;
};

export const settings = (db: DbOrTx) =>
  first<SettingsRow>(
    db,
    sql`select referral_bonus as bonus, referral_welcome as welcome,
          referral_min_order as min_order, referral_monthly_cap as monthly_cap
        from settings where id = 1`,
  );

export const setSettings = (
  db: DbOrTx,
  s: { bonus: number; welcome: number; minOrder: number; monthlyCap: number },
) =>
  db.execute(sql`update settings set referral_bonus = ${s.bonus}, referral_welcome = ${s.welcome},
    referral_min_order = ${s.minOrder}, referral_monthly_cap = ${s.monthlyCap}, updated_at = now()
    where id = 1`);

/** A user's phone, proven or claimed, and their name. */
export const personOf = (db: DbOrTx, userId: string) =>
  first<Person & { phone: string | null; phone_pending: string | null }>(
    db,
    sql`select id, first_name, last_name, phone, phone_pending from users where id = ${userId}`,
  );
