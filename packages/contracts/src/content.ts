import { z } from "zod";

/** Help-center articles (GET /api/help-center, GET /api/help-center/:id). Bodies are HTML. */
export const helpArticleSummary = z.object({
  _id: z.string(),
  slug: z.string(),
  topic: z.string(),
  title: z.string(),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummary>;

export const helpArticle = helpArticleSummary.extend({
  body: z.string(),
  /** Other articles on the same topic. */
  related: z.array(helpArticleSummary),
});
export type HelpArticle = z.infer<typeof helpArticle>;

export const helpTopic = z.object({ topic: z.string(), articles: z.array(helpArticleSummary) });

export const helpCenterQuery = z.object({
  /** Words searched in titles and bodies; cut to 100 characters rather than refused. */
  q: z
    .string()
    .max(10_000)
    .transform((s) => s.replace(/\s+/g, " ").trim().slice(0, 100))
    .optional(),
});

export const helpCenter = z.object({ q: z.string(), topics: z.array(helpTopic) });
export type HelpCenter = z.infer<typeof helpCenter>;

/** The in-process service behind the help center (AppServices["content"]). */
export type ContentService = {
  helpCenter(q?: string): Promise<HelpCenter>;
  /** By slug or id; null when there is no such active article. */
  helpArticle(idOrSlug: string): Promise<HelpArticle | null>;
};
