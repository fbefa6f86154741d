import type { MetaDescriptor } from "react-router";
import { listingMeta } from "./listing-seo";
import type { VendorPageData } from "./vendor-page.server";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export function vendorMeta(
  matches: readonly MatchLike[],
  data: VendorPageData,
  directory: { name: string; href: string },
): MetaDescriptor[] {
  if (data.kind === "directory") {
    return listingMeta(matches, {
      title: directory.name,
      description: "Every store selling on Maidan, with its city and products.",
      origin: data.origin,
      path: data.path,
    });
  }
  return listingMeta(matches, {
    title: data.vendor.name,
    description: data.vendor.description ?? `Shop ${data.vendor.name} on Maidan.`,
    origin: data.origin,
    path: data.path,
    pageNumber: data.query.page,
    crumbs: [{ name: "Home", href: "/" }, directory, { name: data.vendor.name }],
    image: data.vendor.logo,
  });
}
