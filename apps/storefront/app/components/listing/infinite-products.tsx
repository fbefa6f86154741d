import type { ProductCard, ProductList } from "@maidan/contracts/catalog";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { PRIORITY_TILES, ProductTile } from "../product-tile";

/** Spec §9: infinite-scroll throttle. */
export const SCROLL_THROTTLE_MS = 200;

type Loaded = { items: ProductCard[]; page: number };
const storageKey = (locationKey: string) => `listing:${locationKey}`;

let hydrated = false;

/**
 * The listing's grid. Nearing its end loads the next page from the API (`apiHref(page)`) and
 * appends it. What was appended is kept per history entry in sessionStorage, so coming back to
 * the listing shows the same rows and the browser can restore the scroll position. Render it
 * with `key={location.key}` so a new listing (filters, sort, page) starts over.
 */
export function InfiniteProducts({
  list,
  apiHref,
  onPage,
  empty,
}: {
  list: ProductList;
  apiHref: (page: number) => string;
  onPage?: (lastPage: number) => void;
  empty: string;
}) {
  const location = useLocation();
  const [extra, setExtra] = useState<Loaded>(() => restore(location.key, list.page));
  const [busy, setBusy] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const last = extra.page;

  useEffect(() => {
    hydrated = true;
  }, []);

  useEffect(() => {
    onPage?.(last);
  }, [last, onPage]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || last >= list.pages || busy) return;
    let lastRun = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        const now = Date.now();
        if (!entries.some((e) => e.isIntersecting) || now - lastRun < SCROLL_THROTTLE_MS) return;
        lastRun = now;
        setBusy(true);
        fetch(apiHref(last + 1), { headers: { accept: "application/json" } })
          .then((r) => (r.ok ? (r.json() as Promise<ProductList>) : Promise.reject(r.status)))
          .then((next) => {
            setExtra((prev) => {
              const merged = { items: [...prev.items, ...next.items], page: next.page };
              try {
                sessionStorage.setItem(storageKey(location.key), JSON.stringify(merged));
              } catch {
                // storage full or blocked: only back-navigation restoration is lost
              }
              return merged;
            });
          })
          .catch(() => {})
          .finally(() => setBusy(false));
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [last, list.pages, busy, apiHref, location.key]);

  const items = [...list.items, ...extra.items];
  if (items.length === 0) return <p className="empty-note">{empty}</p>;
  return (
    <>
      {/* Tiles name their products in h3s: this keeps the outline h1 → h2 → h3. */}
      <h2 className="visually-hidden">Products</h2>
      <div className="product-grid" aria-busy={busy}>
        {items.map((product, i) => (
          <ProductTile key={product._id} product={product} priority={i < PRIORITY_TILES} />
        ))}
      </div>
      <div ref={sentinel} className="listing__sentinel" aria-hidden="true" />
      {busy && (
        <p className="listing__loading" role="status">
          Loading more products…
        </p>
      )}
    </>
  );
}

function restore(locationKey: string, page: number): Loaded {
  if (typeof window === "undefined" || !hydrated) return { items: [], page };
  try {
    const saved = JSON.parse(
      sessionStorage.getItem(storageKey(locationKey)) ?? "null",
    ) as Loaded | null;
    return saved && saved.page > page ? saved : { items: [], page };
  } catch {
    return { items: [], page };
  }
}
