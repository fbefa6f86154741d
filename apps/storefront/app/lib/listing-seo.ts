import type { MetaDescriptor } from "react-router";
import { imageSources } from "./image-sources";
import { pageMeta, siteSettingsFrom } from "./seo";

type MatchLike = { id: string; loaderData?: unknown } | undefined;
export type SeoCrumb = { name: string; href?: string };

/**
 * The picture crawlers and share previews get, as an absolute address: a media photo as its
 * 800 px JPEG from the image route (every preview reader takes JPEG, not all take WebP).
 */
export function shareImageUrl(origin: string, src: string): string {
  return new URL(imageSources(src, [800])?.fallback ?? src, origin).href;
}

/**
 * Meta for a catalogue page (a listing, the home page, a landing page): title, description,
 * a canonical address (the path plus its page number; filters and sort are variations of the
 * same page), Open Graph (title, description, url, type, site name and, when there is one, the
 * image), and BreadcrumbList JSON-LD when there are crumbs.
 */
export function listingMeta(
  matches: readonly MatchLike[],
  page: {
    title?: string;
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
    { property: "og:site_name", content: siteSettingsFrom(matches).shopName },
  ];
  if (page.image)
    tags.push({ property: "og:image", content: shareImageUrl(page.origin, page.image) });
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
