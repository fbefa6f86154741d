import type { DbOrTx } from "@maidan/db/database";
import { authTokens, devOutbox, oauthAccounts, otpCodes, users } from "@maidan/db/schema-auth";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";

export type UserRow = typeof users.$inferSelect;
type NewUser = typeof users.$inferInsert;
type User = typeof users.$inferSelect;

const first = <T>(rows: T[]) => rows[0] ?? null;

export const findUserById = (db: DbOrTx, id: string) =>
  db.select().from(users).where(eq(users.id, id)).then(first);

export const findUserByEmail = (db: DbOrTx, email: string) =>
  db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).then(first);

/** The account whose proven number this is; a number only claimed (pending) finds no one. */
export const findUserByPhone = (db: DbOrTx, phone: string) =>
  db.select().from(users).where(eq(users.phone, phone)).then(first);

/** Drops every unproven claim on a number: its owner just proved it (decision 027). */
export const dropPhoneClaims = (db: DbOrTx, phone: string) =>
  db
    .update(users)
    .set({ phonePending: null, updatedAt: new Date() })
    .where(eq(users.phonePending, phone));

/** Inserts a user, or returns null when the e-mail or phone is taken (unique indexes decide). */
export const insertUser = (db: DbOrTx, row: NewUser) =>
  db.insert(users).values(row).onConflictDoNothing().returning().then(first);

export const updateUser = (db: DbOrTx, id: string, patch: Partial<NewUser>) =>
  db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
    .then(first);

/** Updates a user and returns the row as it was before, read under the same row lock. */
export const updateUserKeepingPrevious = (
  db: DbOrTx,
  id: string,
  patch: Partial<NewUser>,
  /** More work in the update's transaction (queuing the removal of a replaced avatar). */
  also?: (tx: DbOrTx, previous: User, user: User) => Promise<void>,
) =>
  db.transaction(async (tx) => {
    const [previous] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!previous) return null;
    const user = await updateUser(tx, id, patch);
    if (user) await also?.(tx, previous, user);
    return user && { user, previous };
  });

/** Revokes every token issued so far (log out of all devices, password change). */
export const bumpTokenVersion = (db: DbOrTx, id: string) =>
  db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
    .then(first);

export const insertAuthToken = (db: DbOrTx, row: typeof authTokens.$inferInsert) =>
  db.insert(authTokens).values(row);

/** Marks a live token used and returns its user id; null if unknown, used or expired. */
export const consumeAuthToken = (db: DbOrTx, kind: "verify" | "reset" | "login", hash: string) =>
  db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, hash),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authTokens.userId })
    .then(first);

export const findLiveAuthToken = (db: DbOrTx, kind: "verify" | "reset" | "login", hash: string) =>
  db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hash),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .then(first);

export const insertOtp = (db: DbOrTx, row: typeof otpCodes.$inferInsert) =>
  db.insert(otpCodes).values(row);

/** The newest unused, unexpired code for a phone, locked for the check that follows. */
export const lockLatestOtp = (db: DbOrTx, phone: string) =>
  db
    .select()
    .from(otpCodes)
    .where(
      and(eq(otpCodes.phone, phone), isNull(otpCodes.usedAt), gt(otpCodes.expiresAt, new Date())),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(1)
    .for("update")
    .then(first);

export const recordOtpAttempt = (db: DbOrTx, id: string, used: boolean) =>
  db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1`, ...(used ? { usedAt: new Date() } : {}) })
    .where(eq(otpCodes.id, id));

/** Retires every outstanding code of a phone when a new one is sent: only the last one works. */
export const retireOtps = (db: DbOrTx, phone: string) =>
  db
    .update(otpCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.usedAt)));

export const findOauthUser = (db: DbOrTx, provider: string, providerUserId: string) =>
  db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(
      and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)),
    )
    .then(first);

export const linkOauth = (db: DbOrTx, row: typeof oauthAccounts.$inferInsert) =>
  db.insert(oauthAccounts).values(row).onConflictDoNothing();

export const listOutbox = (db: DbOrTx, recipient?: string, limit = 50) =>
  db
    .select()
    .from(devOutbox)
    .where(recipient ? eq(devOutbox.recipient, recipient) : undefined)
    .orderBy(desc(devOutbox.createdAt))
    .limit(limit);

/** The user, locked until the caller's transaction ends. */
export const lockUserById = (tx: DbOrTx, id: string) =>
  tx.select().from(users).where(eq(users.id, id)).for("update").then(first);
