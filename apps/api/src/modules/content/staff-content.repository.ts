import type { DbOrTx } from "@maidan/db/database";
import { banners } from "@maidan/db/schema-content";
import { asc, eq, sql } from "drizzle-orm";

/** The slides of one slider, locked, in their order (a reorder rewrites them all). */
export const bannerIdsOf = (tx: DbOrTx, kind: string) =>
  tx
    .select({ id: banners.id })
    .from(banners)
    .where(eq(banners.kind, kind))
    .orderBy(asc(banners.sort))
    .for("update")
    .then((r) => r.map((b) => b.id));

export const setBannerSort = (tx: DbOrTx, ids: string[]) =>
  tx.execute(sql`update ${banners} set sort = o.n - 1
    from unnest(array[${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}]::uuid[]) with ordinality as o(id, n)
    where ${banners.id} = o.id`);

/** The next free position of a slider: a new slide goes last. */
export const nextBannerSort = (tx: DbOrTx, kind: string) =>
  tx
    .select({ n: sql<number>`coalesce(max(${banners.sort}) + 1, 0)::int` })
    .from(banners)
    .where(eq(banners.kind, kind))
    .then((r) => r[0]?.n ?? 0);
