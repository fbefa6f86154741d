import type { ContentService, HelpArticleSummary } from "@maidan/contracts/content";
import type { Db } from "@maidan/db/database";
import * as repo from "./content.repository.ts";

/** The help center: articles grouped by topic, word search, one article with its neighbours. */
export function createContentService(db: Db): ContentService {
  return {
    async helpCenter(q = "") {
      const words = q.split(" ").filter(Boolean).slice(0, 8);
      const rows = await repo.listHelpArticles(db, words);
      const topics: { topic: string; articles: HelpArticleSummary[] }[] = [];
      for (const row of rows) {
        const last = topics.at(-1);
        if (last?.topic === row.topic) last.articles.push(row);
        else topics.push({ topic: row.topic, articles: [row] });
      }
      return { q, topics };
    },

    async helpArticle(idOrSlug) {
      const article = await repo.findHelpArticle(db, idOrSlug);
      if (!article) return null;
      const siblings = await repo.listTopicArticles(db, article.topic);
      return { ...article, related: siblings.filter((a) => a._id !== article._id) };
    },
  };
}
