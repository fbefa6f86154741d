import type { Page } from "@maidan/contracts/site";
import { HtmlBody } from "./html-body";

/** A dynamic CMS page (campaigns, announcements): a hero with the summary, then the body (sanitised HTML). */
export function DynamicPage({ page }: { page: Page }) {
  return (
    <article className="cms-page cms-page--dynamic">
      <header className="hero">
        <h1>{page.title}</h1>
        {page.description && <p>{page.description}</p>}
      </header>
      <HtmlBody className="prose" html={page.body} />
    </article>
  );
}
