import { sql } from "drizzle-orm";
import type { Tx } from "../database.ts";

/** The demo shop's one taxed category: bags carry 18% sales tax inside their prices. */
export const DEMO_TAX = { category: "accessories-equipment-bags", rateBp: 1_800 } as const;

/** Rates are per leaf category (products sit in leaves); prices stay tax-inclusive. */
export async function insertDemoTaxRates(tx: Tx) {
  await tx.execute(sql`insert into category_tax_rates (category_id, rate_bp)
    select id, ${DEMO_TAX.rateBp} from categories where slug = ${DEMO_TAX.category}`);
}
