import type { DbOrTx } from "@maidan/db/database";
import { first } from "@maidan/db/raw-rows";
import { sql } from "drizzle-orm";
import { IMAGE_FORMATS, IMAGE_WIDTHS } from "./image-request.ts";

/** Every address a record may give for the stored file `key`: /media/…, /img/<width>/….<format>. */
export function addressesOf(key: string) {
  const path = key.slice(0, key.lastIndexOf("."));
  return [
    `/media/${key}`,
    ...IMAGE_WIDTHS.flatMap((w) => IMAGE_FORMATS.map((f) => `/img/${w}/${path}.${f}`)),
  ];
}

/**
 * Whether any record still names the stored file `key` (decision 065): the picture columns of
 * every domain (catalogue, content, freebies, avatars, order lines' snapshots), the keys of
 * review, dispute and application files, and the texts a picture may be written into (pages,
 * help articles, landing data, settings). The one reader of all of them, on purpose: the media
 * storage is shared, so only a look at every table can say a file is no one's.
 */
export async function isNamed(db: DbOrTx, key: string): Promise<boolean> {
  const urls = sql.param(addressesOf(key));
  // In texts, the path without its extension covers /media/… and every /img/… form.
  const path = key.slice(0, key.lastIndexOf("."));
  const named = (table: string, column: string) =>
    sql`exists (select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} = any(${urls}::text[]))`;
  const holds = (table: string, text: string) =>
    sql`exists (select 1 from ${sql.identifier(table)} t where strpos(${sql.raw(text)}, ${path}) > 0)`;
  const row = await first<{ named: boolean }>(
    db,
    sql`select (
      ${named("product_images", "url")} or ${named("categories", "image")}
      or ${named("brands", "logo")} or ${named("vendors", "logo")} or ${named("vendors", "banner")}
      or ${named("banners", "img")} or ${named("freebies", "image")} or ${named("users", "avatar")}
      or ${named("order_items", "img")}
      or exists (select 1 from review_photos where key = ${key})
      or exists (select 1 from dispute_photos where key = ${key})
      or exists (select 1 from vendor_applications
        where documents @> ${JSON.stringify([{ key }])}::jsonb)
      or ${holds("pages", "t.body")} or ${holds("help_articles", "t.body")}
      or ${holds("landing", "t.data::text")} or ${holds("settings", "t::text")}
    ) as named`,
  );
  return row?.named === true;
}
