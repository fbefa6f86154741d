import { Form, Link } from "react-router";
import { HtmlBody } from "../components/cms/html-body";
import { ErrorPage } from "../components/error-page";
import { safeHtml } from "../lib/safe-html.server";
import { errorMeta, excerpt, pageMeta } from "../lib/seo";
import { notFound } from "../lib/service-errors.server";
import { services } from "../lib/services.server";
import type { Route } from "./+types/help-center";

/** /help-center (topics, search with ?q=) and /help-center/{id} (one article). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { content } = services(context);
  if (params.id) {
    const article = await content.helpArticle(params.id);
    if (!article) throw notFound();
    return { kind: "article" as const, article: { ...article, body: safeHtml(article.body) } };
  }
  const q = (new URL(request.url).searchParams.get("q") ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);
  return { kind: "index" as const, ...(await content.helpCenter(q)) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (error || !loaderData) return errorMeta(matches, error);
  if (loaderData.kind === "article") {
    return pageMeta(matches, {
      title: loaderData.article.title,
      description: excerpt(loaderData.article.body),
    });
  }
  return pageMeta(matches, {
    title: "Help center",
    description: "Answers about orders, payments, delivery, returns, your account and wallet.",
  });
};

export default function HelpCenter({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "article") {
    const { article } = loaderData;
    return (
      <article className="help-article prose">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <ol>
            <li>
              <Link to="/help-center">Help center</Link>
            </li>
            <li>{article.topic}</li>
          </ol>
        </nav>
        <h1>{article.title}</h1>
        <HtmlBody html={article.body} />
        {article.related.length > 0 && (
          <section aria-labelledby="more-heading">
            <h2 id="more-heading">More about {article.topic}</h2>
            <ul>
              {article.related.map((a) => (
                <li key={a._id}>
                  <Link to={`/help-center/${a.slug}`}>{a.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </article>
    );
  }
  const { q, topics } = loaderData;
  return (
    <section className="help-center">
      <h1>Help center</h1>
      <Form method="get" role="search" className="help-center__search">
        <label htmlFor="help-q">Search help articles</label>
        <input id="help-q" type="search" name="q" defaultValue={q} maxLength={100} />
        <button type="submit" className="button">
          Search help
        </button>
      </Form>
      {q && (
        <p role="status">
          {topics.length === 0
            ? `No articles match “${q}”. Try fewer or other words.`
            : `Articles matching “${q}”`}
        </p>
      )}
      {topics.map((t) => (
        <section key={t.topic} className="help-center__topic">
          <h2>{t.topic}</h2>
          <ul>
            {t.articles.map((a) => (
              <li key={a._id}>
                <Link to={`/help-center/${a.slug}`}>{a.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
