import { sql } from "drizzle-orm";

/*
 * A variant as a line to sell: the columns the cart's lines and a promotion's free gift are read
 * with, so both are priced from the same catalogue data. Shared by those two repositories.
 */

/** A cart line joined with today's catalogue data: prices always come from here. */
export type LineRow = {
  variant_id: string;
  product_id: string;
  qty: number;
  sku: string;
  size: string | null;
  color: string | null;
  price: number;
  mrp: number;
  stock: number;
  sellable: boolean;
  name: string;
  slug: string;
  img: string | null;
  vendor_id: string;
  vendor_name: string;
  category_id: string;
  tax_bp: number;
};

/** A variant's catalogue side of a LineRow (aliases v, p); also the free gift's line. */
export const lineColumns = sql`v.id as variant_id, p.id as product_id, v.sku, v.size, v.color,
  v.price, v.mrp, v.stock, (v.active and p.active) as sellable, p.name, p.slug,
  ve.id as vendor_id, ve.name as vendor_name, p.category_id,
  (select url from product_images i where i.product_id = p.id order by i.sort limit 1) as img,
  coalesce((select tr.rate_bp from category_tax_rates tr
    where tr.category_id = p.category_id and tr.active limit 1), 0) as tax_bp`;
