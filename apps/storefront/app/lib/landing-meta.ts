import type { MetaDescriptor } from "react-router";
import { listingMeta } from "./listing-seo";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** What a landing page's loader gives its meta (sale, /pages/{route}, the fixed landing paths). */
type LandingSeo = {
  origin: string;
  title: string;
  subtitle?: string | null;
  description?: string | null;
  banner?: string | null;
  banners: { img: string }[];
  products: { img: string | null }[];
};

/**
 * Meta of a landing page at `path`: its headline art, else its first banner, else its first
 * product is the share picture.
 */
export function landingMeta(
  matches: readonly MatchLike[],
  data: LandingSeo,
  path: string,
): MetaDescriptor[] {
  return listingMeta(matches, {
    title: data.title,
    description: data.subtitle ?? data.description ?? undefined,
    origin: data.origin,
    path,
    image: data.banner ?? data.banners[0]?.img ?? data.products.find((p) => p.img)?.img,
  });
}
