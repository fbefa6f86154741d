import type { DbOrTx } from "@maidan/db/database";
import type { Promotion } from "./promotion-rules.ts";
import * as repo from "./promotions.repository.ts";

/**
 * What the other domains may ask of automatic promotions (decision 014): the live ones, for the
 * pricing of a cart and of the order transaction (on `conn`, the caller's transaction if any).
 */
export const activePromotions = (conn: DbOrTx): Promise<Promotion[]> => repo.activePromotions(conn);
