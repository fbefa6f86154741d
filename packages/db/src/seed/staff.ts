import { asc, eq, isNotNull } from "drizzle-orm";
import type { Tx } from "../database.ts";
import * as authTables from "../schema-auth.ts";
import * as catalogTables from "../schema-catalog.ts";

/** The staff the seed creates, with the passwords its caller chose. */
export type SeedStaff = {
  manager: { email: string; password: string };
  vendorPasswords: [string, string];
};
/** The staff accounts the seed gave a password: the manager, then the two vendors. */
export type SeededStaff = {
  role: "manager" | "vendor";
  email: string;
  password: string;
  store?: string;
}[];

export const DEFAULT_MANAGER_EMAIL = "manager@maidan.pk";

/**
 * The back-office's demo staff (decision 044): a manager account, and passwords for the owners
 * of the first two stores (by name), so a vendor can sign in and see their own orders. The
 * passwords are the caller's (generated at first start), never fixed ones.
 */
export async function insertStaff(
  tx: Tx,
  staff: SeedStaff,
  hashPassword: (plain: string) => Promise<string>,
): Promise<SeededStaff> {
  const [managerHash, ...vendorHashes] = await Promise.all([
    hashPassword(staff.manager.password),
    ...staff.vendorPasswords.map((p) => hashPassword(p)),
  ]);
  const out: SeededStaff = [];
  const manager = await tx
    .insert(authTables.users)
    .values({
      email: staff.manager.email,
      passwordHash: managerHash,
      firstName: "Maidan",
      lastName: "Manager",
      role: "manager",
      verified: true,
    })
    .onConflictDoNothing()
    .returning({ id: authTables.users.id });
  if (manager.length > 0) out.push({ role: "manager", ...staff.manager });
  const stores = await tx
    .select({
      name: catalogTables.vendors.name,
      ownerId: catalogTables.vendors.ownerId,
      email: authTables.users.email,
    })
    .from(catalogTables.vendors)
    .innerJoin(authTables.users, eq(authTables.users.id, catalogTables.vendors.ownerId))
    .where(isNotNull(catalogTables.vendors.ownerId))
    .orderBy(asc(catalogTables.vendors.name))
    .limit(2);
  for (const [i, store] of stores.entries()) {
    const hash = vendorHashes[i];
    const password = staff.vendorPasswords[i];
    if (!store.ownerId || !store.email || !hash || !password) continue;
    await tx
      .update(authTables.users)
      .set({ passwordHash: hash })
      .where(eq(authTables.users.id, store.ownerId));
    out.push({ role: "vendor", email: store.email, password, store: store.name });
  }
  return out;
}
