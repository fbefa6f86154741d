import type { MetaDescriptor } from "react-router";
import { normalizeError, notFoundMessage } from "./errors";
import type { RootData } from "./root-data";
import { fallbackSettings } from "./settings";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The shop's settings as the root loader delivered them to a `meta` function. */
export function siteSettingsFrom(matches: readonly MatchLike[]) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  return root?.settings ?? fallbackSettings;
}

/**
 * A page's title and description. A child route's meta replaces its parents', so every page
 * states both, falling back to the shop's own.
 */
export function pageMeta(
  matches: readonly MatchLike[],
  page: { title?: string | null; description?: string | null } = {},
): MetaDescriptor[] {
  const site = siteSettingsFrom(matches);
  const title = page.title ? `${page.title} | ${site.shopName}` : site.title;
  const description = page.description?.trim() || site.description;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
}

/** Meta for a page that failed: the 404 text or the error's message. */
export function errorMeta(matches: readonly MatchLike[], error: unknown): MetaDescriptor[] {
  const { status, message } = normalizeError(error);
  return pageMeta(matches, { title: status === 404 ? notFoundMessage : `${status}: ${message}` });
}

/** A plain-text excerpt for meta descriptions. */
export function excerpt(text: string | null | undefined, length = 160): string {
  const clean = (text ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length <= length ? clean : `${clean.slice(0, length - 1).trimEnd()}…`;
}
