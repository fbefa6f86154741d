/**
 * What changed in the catalogue, for whoever keeps copies of its pages (the storefront's page
 * cache, the sitemap): everything (`invalidate()`), some products themselves (their slugs, old
 * and new: they are on listings, and may be new or gone from the sitemap), or the stock of some
 * products. `listings` says a product sold out or came back, which listings, search and facets
 * show too.
 */
export type CatalogChange =
  | { kind: "all" }
  | { kind: "products"; slugs: string[] }
  | { kind: "stock"; slugs: string[]; listings: boolean };

export type CatalogListener = (change: CatalogChange) => void;

export function changeHub() {
  const listeners = new Set<CatalogListener>();
  return {
    /** Subscribes; returns the unsubscribe. */
    on(listener: CatalogListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(change: CatalogChange) {
      for (const listener of listeners) listener(change);
    },
  };
}
