import type { DbOrTx } from "@maidan/db/database";
import { helpArticles } from "@maidan/db/schema-content";
import { and, asc, eq, ilike, or, sql } from "drizzle-orm";

const summary = {
  _id: helpArticles.id,
  slug: helpArticles.slug,
  topic: helpArticles.topic,
  title: helpArticles.title,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%` and `_` are literal in a shopper's search, not wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Active articles in topic order, optionally those containing every word of `words` in the
 * title or body. The help center holds tens of articles, so a filtered scan is fine here.
 */
export const listHelpArticles = (db: DbOrTx, words: string[] = []) =>
  db
    .select(summary)
    .from(helpArticles)
    .where(
      and(
        eq(helpArticles.active, true),
        ...words.map((w) =>
          or(
            ilike(helpArticles.title, `%${likeEscape(w)}%`),
            ilike(helpArticles.body, `%${likeEscape(w)}%`),
          ),
        ),
      ),
    )
    .orderBy(
      asc(sql`min(${helpArticles.sort}) over (partition by ${helpArticles.topic})`),
      asc(helpArticles.sort),
      asc(helpArticles.title),
    );

export const findHelpArticle = (db: DbOrTx, idOrSlug: string) =>
  db
    .select({ ...summary, body: helpArticles.body })
    .from(helpArticles)
    .where(
      and(
        eq(helpArticles.active, true),
        UUID.test(idOrSlug) ? eq(helpArticles.id, idOrSlug) : eq(helpArticles.slug, idOrSlug),
      ),
    )
    .then((r) => r[0] ?? null);

export const listTopicArticles = (db: DbOrTx, topic: string) =>
  db
    .select(summary)
    .from(helpArticles)
    .where(and(eq(helpArticles.active, true), eq(helpArticles.topic, topic)))
    .orderBy(asc(helpArticles.sort), asc(helpArticles.title));
