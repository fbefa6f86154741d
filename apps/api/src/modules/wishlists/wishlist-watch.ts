import type { Db, DbOrTx } from "@maidan/db/database";
import { rows } from "@maidan/db/raw-rows";
import { sql } from "drizzle-orm";
import type { Events } from "../events/events.ts";
import type { Jobs } from "../jobs/jobs.ts";

/** The watch's queue: a schedule, and a run after stock changed (singleton: one at a time). */
export const WISHLIST_WATCH_QUEUE = "wishlists.watch";
/** Items looked at in one transaction. */
const BATCH = 500;

type Changed = {
  id: string;
  user_id: string;
  product_id: string;
  slug: string;
  name: string;
  seen_price: number;
  seen_in_stock: boolean;
  price: number;
  in_stock: boolean;
};

/**
 * Price drops and returns to stock of wishlisted products (beyond the spec, issue #16). Each item
 * keeps the price and stock the watch last saw; an item whose product (or saved variant) is now
 * cheaper, or back in stock, is news for its shopper: `wishlist.price_dropped` or
 * `wishlist.back_in_stock`, at most once a day (Asia/Karachi) per shopper, product and kind (the
 * `wishlist_alerts` row is written with the event, in one transaction). What was seen moves on
 * either way, so a price that rises and falls again is news again, the next day at the earliest.
 */
export function createWishlistWatch({ db, events }: { db: Db; events: Events }) {
  /** One batch of changed items; how many it looked at (0: nothing left to see). */
  const batch = () =>
    db.transaction(async (tx) => {
      const changed = await rows<Changed>(
        tx,
        sql`select * from (
              select i.id, w.user_id, p.id as product_id, p.slug, p.name, i.seen_price,
                i.seen_in_stock, coalesce(v.price, p.price) as price,
                case when i.variant_id is null then p.in_stock
                  else coalesce(v.active and v.stock > 0, false) end as in_stock
              from wishlist_items i
              join wishlists w on w.id = i.wishlist_id
              join products p on p.id = i.product_id and p.active
              left join variants v on v.id = i.variant_id
            ) c
            where c.price <> c.seen_price or c.in_stock <> c.seen_in_stock
            order by c.id
            limit ${BATCH}`,
      );
      for (const c of changed) {
        await tx.execute(
          sql`update wishlist_items set seen_price = ${c.price}, seen_in_stock = ${c.in_stock}
              where id = ${c.id}`,
        );
        const facts = {
          userId: c.user_id,
          productId: c.product_id,
          productSlug: c.slug,
          productName: c.name,
        };
        if (c.price < c.seen_price && (await firstToday(tx, c, "price_dropped")))
          await events.emit(tx, "wishlist.price_dropped", c.product_id, {
            ...facts,
            oldPrice: c.seen_price,
            newPrice: c.price,
          });
        if (c.in_stock && !c.seen_in_stock && (await firstToday(tx, c, "back_in_stock")))
          await events.emit(tx, "wishlist.back_in_stock", c.product_id, facts);
      }
      return changed.length;
    });

  return {
    /** Looks at every changed item, batch by batch. */
    async run() {
      while ((await batch()) === BATCH);
    },
  };
}

/** Claims today's notice of this kind for the shopper and product; false when already sent. */
async function firstToday(tx: DbOrTx, c: Changed, kind: string) {
  const claimed = await rows(
    tx,
    sql`insert into wishlist_alerts (user_id, product_id, kind, day)
        values (${c.user_id}, ${c.product_id}, ${kind}, (now() at time zone 'Asia/Karachi')::date)
        on conflict do nothing returning day`,
  );
  return claimed.length > 0;
}

/** The watch as a job: on a schedule (`cron`), and queued after stock changed. */
export function defineWishlistWatch(
  jobs: Jobs,
  watch: ReturnType<typeof createWishlistWatch>,
  cron: string | undefined,
) {
  jobs.define({
    name: WISHLIST_WATCH_QUEUE,
    singleton: true,
    cron,
    retryLimit: 2,
    keepSeconds: 24 * 3600,
    handle: () => watch.run(),
  });
}
