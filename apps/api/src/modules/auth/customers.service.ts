import type { DbOrTx } from "@maidan/db/database";
import * as repo from "./customers.repository.ts";

/*
 * Shoppers' accounts as staff see and block them (issue #14, decision 046). The back-office's
 * customer service (modules/checkout/staff-customers.ts) composes these with the orders, the
 * address book and the wallet; sessions.ts refuses a blocked account's sign-in and refresh.
 */

export type { CustomerRow } from "./customers.repository.ts";
export const searchCustomers = (...args: Parameters<typeof repo.searchCustomers>) =>
  repo.searchCustomers(...args);
export const findCustomer = (db: DbOrTx, id: string) => repo.findCustomer(db, id);
export const lockCustomer = (tx: DbOrTx, id: string) => repo.lockCustomer(tx, id);
export const block = (tx: DbOrTx, id: string, reason: string) => repo.block(tx, id, reason);
export const unblock = (tx: DbOrTx, id: string) => repo.unblock(tx, id);
export const isBlocked = (db: DbOrTx, id: string) => repo.isBlocked(db, id);
