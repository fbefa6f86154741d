import { eq, sql } from "drizzle-orm";
import type { Tx } from "../database.ts";
import { users } from "../schema-auth.ts";
import { walletEntries, wallets } from "../schema-wallet.ts";

/** The demo shopper's welcome credit, so "use wallet balance" can be tried at checkout. */
export const WELCOME_CREDIT = 1500;

/** Writes the credit once: entry and balance together (a re-run finds the entry and stops). */
export async function insertWelcomeCredit(tx: Tx, shopperEmail: string) {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, shopperEmail));
  if (!user) return;
  await tx.insert(wallets).values({ userId: user.id }).onConflictDoNothing();
  const [wallet] = await tx
    .select({ id: wallets.id })
    .from(wallets)
    .where(eq(wallets.userId, user.id))
    .for("update");
  if (!wallet) return;
  const written = await tx
    .insert(walletEntries)
    .values({
      walletId: wallet.id,
      amount: WELCOME_CREDIT,
      kind: "credit",
      reference: "welcome",
      remark: "Welcome credit",
    })
    .onConflictDoNothing()
    .returning({ id: walletEntries.id });
  if (written.length > 0)
    await tx
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + ${WELCOME_CREDIT}` })
      .where(eq(wallets.id, wallet.id));
}
