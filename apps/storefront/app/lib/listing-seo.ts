import type { MetaDescriptor } from "react-router";
import { pageMeta } from "./seo";

type MatchLike = { id: string; loaderData?: unknown } | undefined;
export type SeoCrumb = { name: string; href?: string };

/**
 * Meta for a listing page: title, description, Open Graph, a canonical address (the path plus
 * its page number; filters and sort are variations of the same page), and BreadcrumbList
 * JSON-LD when there are crumbs.
 */
export function listingMeta(
  matches: readonly MatchLike[],
  page: {
    title: string;
    description?: string;
    origin: string;
    path: string;
    pageNumber?: number;
    crumbs?: SeoCrumb[];
    image?: string | null;
  },
): MetaDescriptor[] {
  const canonical = `${page.origin}${page.path}${page.pageNumber && page.pageNumber > 1 ? `?page=${page.pageNumber}` : ""}`;
  const tags: MetaDescriptor[] = [
    ...pageMeta(matches, { title: page.title, description: page.description }),
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:url", content: canonical },
    { property: "og:type", content: "website" },
  ];
  if (page.image)
    tags.push({ property: "og:image", content: new URL(page.image, page.origin).href });
  if (page.crumbs?.length) {
    tags.push({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: page.crumbs.map((c, i) => ({
          "@type": "ListItem",
          position: i + 1,
          name: c.name,
          item: `${page.origin}${c.href ?? page.path}`,
        })),
      },
    });
  }
  return tags;
}
