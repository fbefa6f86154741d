import type { CatalogService } from "@maidan/contracts/catalog";
import { originOf } from "./origin.server";
import { scopedListing } from "./scoped-listing.server";
import { notFound } from "./service-errors.server";

/** A vendor's directory (no key) or its store page with its products (`key` = slug or id). */
export async function vendorPage(
  catalog: CatalogService,
  key: string | undefined,
  request: Request,
) {
  if (!key) {
    return {
      kind: "directory" as const,
      vendors: await catalog.vendors(),
      origin: originOf(request),
      path: new URL(request.url).pathname,
    };
  }
  const vendor = await catalog.vendor(key);
  if (!vendor) throw notFound();
  const listing = await scopedListing(request, { vendor: [vendor.slug] }, catalog.list);
  return { kind: "vendor" as const, vendor, ...listing };
}
export type VendorPageData = Awaited<ReturnType<typeof vendorPage>>;
