import type { DbOrTx } from "@maidan/db/database";
import * as repo from "./disputes.repository.ts";

/*
 * Disputes: the records (a dispute on one order line, its thread and its photos, decision 052).
 * Like the orders' records, every step runs on the caller's connection or transaction; the
 * checkout workflow (modules/checkout/disputes.ts, staff-disputes.ts) composes them with the
 * orders, refunds, stock and media.
 */

export type { DisputeRow, MessageRow, NewDispute } from "./disputes.repository.ts";

export const findDispute = (db: DbOrTx, id: string, userId?: string, forUpdate = false) =>
  repo.findDispute(db, id, userId, forUpdate);
export const disputesOfUser = (db: DbOrTx, userId: string) => repo.disputesOfUser(db, userId);
export const listDisputes = (...args: Parameters<typeof repo.listDisputes>) =>
  repo.listDisputes(...args);
export const countDisputes = (...args: Parameters<typeof repo.countDisputes>) =>
  repo.countDisputes(...args);
export const openOfOrder = (db: DbOrTx, orderId: string) => repo.openOfOrder(db, orderId);
export const deliveredAt = (db: DbOrTx, orderId: string) => repo.deliveredAt(db, orderId);
/** Null when the line has an open dispute already. */
export const insertDispute = (tx: DbOrTx, d: repo.NewDispute) => repo.insertDispute(tx, d);
export const insertPhotos = (tx: DbOrTx, disputeId: string, keys: string[]) =>
  repo.insertPhotos(tx, disputeId, keys);
export const photosOf = (db: DbOrTx, disputeId: string) => repo.photosOf(db, disputeId);
export const insertMessage = (...args: Parameters<typeof repo.insertMessage>) =>
  repo.insertMessage(...args);
export const messagesOf = (db: DbOrTx, disputeId: string) => repo.messagesOf(db, disputeId);
export const setStatus = (...args: Parameters<typeof repo.setStatus>) => repo.setStatus(...args);
export const close = (...args: Parameters<typeof repo.close>) => repo.close(...args);
