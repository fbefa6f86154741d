import type { DbOrTx } from "@maidan/db/database";
import * as repo from "./inventory.repository.ts";

/*
 * Inventory: the one module that writes stock. Every function runs on the caller's connection or
 * transaction, so a checkout, a cancellation or a released hold takes or gives back units inside
 * its own transaction, in the lock order of decision 029 (products first, in id order, then their
 * variants). The catalogue reads what is in stock through `productsInStock`.
 */

/** Locks these products' rows, in id order, before any of their variants is written. */
export const lockProducts = (tx: DbOrTx, productIds: Iterable<string>) =>
  repo.lockProducts(tx, productIds);

/** The same lock, for the products of these orders' items (cancellations, released holds). */
export const lockProductsOfOrders = (tx: DbOrTx, orderIds: Iterable<string>) =>
  repo.lockProductsOfOrders(tx, orderIds);

/** Takes `qty` units if that many are left (the product locked already); false when not. */
export const takeStock = (tx: DbOrTx, variantId: string, qty: number) =>
  repo.takeStock(tx, variantId, qty);

/** Gives units back to their variants, locking their products first. */
export const returnStock = (
  tx: DbOrTx,
  lines: { variantId: string; productId: string | null; qty: number }[],
) => repo.returnStock(tx, lines);

/** Units of a variant left now. */
export const stockLeft = (tx: DbOrTx, variantId: string) => repo.stockLeft(tx, variantId);

/** The slug and in-stock flag of these products (for the catalogue's caches). */
export const productsInStock = (db: DbOrTx, ids: string[]) => repo.productsInStock(db, ids);

/**
 * A staff stock adjustment (received, damaged, counted), in the caller's transaction after
 * lockProducts: the conditional update never leaves a figure below zero; null when it would.
 */
export const adjustStock = (
  tx: DbOrTx,
  variantId: string,
  change: { add: number } | { set: number },
) => repo.adjustStock(tx, variantId, change);
