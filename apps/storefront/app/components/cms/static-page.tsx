import type { Page } from "@maidan/contracts/site";
import { TextBlocks } from "../text-blocks";

/** A static CMS page (about, terms, policies): a readable column of text. */
export function StaticPage({ page }: { page: Page }) {
  return (
    <article className="cms-page cms-page--static prose">
      <h1>{page.title}</h1>
      <TextBlocks text={page.body} />
    </article>
  );
}
