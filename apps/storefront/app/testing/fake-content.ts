import type { ContentService, HelpArticle } from "@maidan/contracts/content";

export const codArticle: HelpArticle = {
  _id: "h1",
  slug: "cash-on-delivery",
  topic: "Payments",
  title: "How does cash on delivery work?",
  body: "<p>Pay the rider in cash.</p><script>alert(1)</script>",
  related: [
    { _id: "h2", slug: "pay-with-card", topic: "Payments", title: "Which bank cards can I use?" },
  ],
};

/** An in-memory help center with one topic of two articles. */
export function fakeContent(): ContentService {
  const summaries = [{ ...codArticle }, ...codArticle.related].map(
    ({ _id, slug, topic, title }) => ({
      _id,
      slug,
      topic,
      title,
    }),
  );
  return {
    helpCenter: async (q = "") => {
      const hits = summaries.filter((a) => a.title.toLowerCase().includes(q.toLowerCase()));
      return { q, topics: hits.length ? [{ topic: "Payments", articles: hits }] : [] };
    },
    helpArticle: async (id) =>
      id === codArticle.slug || id === codArticle._id ? codArticle : null,
  };
}
