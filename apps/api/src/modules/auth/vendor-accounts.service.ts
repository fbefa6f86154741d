import type { DbOrTx } from "@maidan/db/database";
import * as repo from "./auth.repository.ts";

/*
 * The account an approved vendor application gets (decision 053): the applicant's own when they
 * applied signed in; else the account whose proven number is the application's; else a new one
 * on that number (staff called it before approving), which signs in with an SMS code. A shopper
 * becomes a vendor; staff keep their higher role.
 */

export type VendorAccount = {
  userId: string;
  created: boolean;
  roleBefore: string | null;
  role: string;
};

export async function vendorAccountFor(
  tx: DbOrTx,
  a: { userId: string | null; phone: string; email: string; ownerName: string },
): Promise<VendorAccount> {
  const existing = a.userId
    ? await repo.lockUserById(tx, a.userId)
    : await repo.findUserByPhone(tx, a.phone);
  if (existing) {
    const role = existing.role === "user" ? "vendor" : existing.role;
    if (role !== existing.role) await repo.updateUser(tx, existing.id, { role });
    return { userId: existing.id, created: false, roleBefore: existing.role, role };
  }
  const [firstName = "", ...rest] = a.ownerName.trim().split(/\s+/);
  // An e-mail another account holds is not proven to be the applicant's: the new account has none.
  const emailFree = !(await repo.findUserByEmail(tx, a.email));
  const created = await repo.insertUser(tx, {
    phone: a.phone,
    email: emailFree ? a.email : null,
    firstName,
    lastName: rest.join(" "),
    role: "vendor",
  });
  if (!created) throw new Error("vendor account: the phone or e-mail was taken meanwhile");
  return { userId: created.id, created: true, roleBefore: null, role: "vendor" };
}
