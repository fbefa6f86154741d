import type { ProductCsvColumn } from "@maidan/contracts/product-imports";
import type { DbOrTx } from "@maidan/db/database";
import { rows } from "@maidan/db/raw-rows";
import { sql } from "drizzle-orm";
import { writeProductCsv } from "./product-csv.ts";

/** Products read per query: the export streams, so a large catalogue never sits in memory. */
const PAGE = 1000;

type ExportRow = Record<ProductCsvColumn, string | number | null>;

/**
 * Every product an owner's stores sell (null: all), one row per active variant (a product without
 * one: a row with the variant's cells blank), in the import's
 * columns: the price column is the regular price, sale_price the lower one while it is set.
 * Pages by slug (unique), so the rows of one product are never split between pages.
 */
export async function* exportRows(db: DbOrTx, owner: string | null): AsyncGenerator<string> {
  let after = "";
  let header = true;
  for (;;) {
    const page = await rows<ExportRow & { [k: string]: unknown }>(
      db,
      sql`with p as (
            select p.* from products p join vendors ve on ve.id = p.vendor_id
            where p.slug > ${after} ${owner ? sql`and ve.owner_id = ${owner}` : sql``}
            order by p.slug limit ${PAGE})
          select p.slug, p.name, c.slug as category, b.slug as brand, ve.slug as store, p.status,
            p.description, array_to_string(p.keywords, ' ') as keywords,
            array_to_string(p.synonyms, ' ') as synonyms, p.seo_title, p.seo_description,
            v.sku, v.size, v.color, v.mrp as price,
            case when v.price < v.mrp then v.price end as sale_price, v.stock
          from p join categories c on c.id = p.category_id
          join vendors ve on ve.id = p.vendor_id
          left join brands b on b.id = p.brand_id
          left join variants v on v.product_id = p.id and v.active
          order by p.slug, v.sort, v.sku`,
    );
    if (page.length === 0) {
      if (header) yield writeProductCsv([]);
      return;
    }
    const text = writeProductCsv(page);
    // The header once, on the first page.
    yield header ? text : text.slice(text.indexOf("\n") + 1);
    header = false;
    after = String(page[page.length - 1]?.slug);
  }
}
