import type { Page } from "@maidan/contracts/site";
import { TextBlocks } from "../text-blocks";

/** A dynamic CMS page (campaigns, announcements): a hero with the summary, then the text. */
export function DynamicPage({ page }: { page: Page }) {
  return (
    <article className="cms-page cms-page--dynamic">
      <header className="hero">
        <h1>{page.title}</h1>
        {page.description && <p>{page.description}</p>}
      </header>
      <TextBlocks className="prose" text={page.body} />
    </article>
  );
}
