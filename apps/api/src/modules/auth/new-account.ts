import type { DbOrTx } from "@maidan/db/database";
import * as repo from "./auth.repository.ts";

type NewUser = Parameters<typeof repo.insertUser>[1];

/**
 * What else happens when an account is made, in its transaction: the referral programme links
 * it to the owner of the invite code it came with (decision 055). Never throws for a bad code:
 * a sign-up does not fail because of its invite.
 */
export type AccountCreated = (
  tx: DbOrTx,
  user: repo.UserRow,
  referral: string | null,
) => Promise<unknown>;

/** The one place every sign-up path (password, SMS code, Facebook) makes a shopper's account. */
export async function createAccount(
  tx: DbOrTx,
  row: NewUser,
  referral: string | null | undefined,
  created: AccountCreated | undefined,
) {
  const user = await repo.insertUser(tx, row);
  if (user && referral && created) await created(tx, user, referral);
  return user;
}
