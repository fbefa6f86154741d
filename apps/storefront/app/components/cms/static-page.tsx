import type { Page } from "@maidan/contracts/site";
import { HtmlBody } from "./html-body";

/** A static CMS page (about, terms, policies): a readable column of sanitised HTML. */
export function StaticPage({ page }: { page: Page }) {
  return (
    <article className="cms-page cms-page--static prose">
      <h1>{page.title}</h1>
      <HtmlBody html={page.body} />
    </article>
  );
}
