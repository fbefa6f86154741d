import type { ProductCard, ProductList } from "@maidan/contracts/catalog";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { PRIORITY_TILES, ProductTile } from "../product-tile";

/** Spec §9: infinite-scroll throttle. */
export const SCROLL_THROTTLE_MS = 200;
/**
 * The API refuses pages past 500 (MAX_PAGE in @maidan/contracts/catalog, not imported here: that
 * module brings zod into the browser); beyond it the sitemap lists every product.
 */
export const LAST_PAGE = 500;

/** The page infinite scroll loads after `last`, or null when there is none to ask for. */
export function nextPage(last: number, pages: number): number | null {
  return last < Math.min(pages, LAST_PAGE) ? last + 1 : null;
}

type Loaded = { items: ProductCard[]; page: number };
const storageKey = (locationKey: string) => `listing:${locationKey}`;

let hydrated = false;

/**
 * The listing's grid. Nearing its end loads the next page from the API (`apiHref(page)`) and
 * appends it, at most once per 200 ms. What was appended is kept per history entry in
 * sessionStorage, so coming back to the listing shows the same rows and the browser can restore
 * the scroll position. A failed load stops there with a "Try again" button (the sentinel stays
 * in view, so retrying by itself would ask again and again); coming back online retries once.
 * Render it with `key={location.key}` so a new listing (filters, sort, page) starts over.
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
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  // Kept across observers: each load makes a new one, and the throttle must span them.
  const lastRun = useRef(0);
  const last = extra.page;
  const next = nextPage(last, list.pages);

  useEffect(() => {
    hydrated = true;
  }, []);

  useEffect(() => {
    onPage?.(last);
  }, [last, onPage]);

  useEffect(() => {
    if (!failed) return;
    const retry = () => setFailed(false);
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [failed]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || next === null || busy || failed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      lastRun.current = Date.now();
      setBusy(true);
      fetch(apiHref(next), { headers: { accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<ProductList>) : Promise.reject(r.status)))
        .then((more) => {
          setExtra((prev) => {
            const merged = { items: [...prev.items, ...more.items], page: more.page };
            try {
              sessionStorage.setItem(storageKey(location.key), JSON.stringify(merged));
            } catch {
              // storage full or blocked: only back-navigation restoration is lost
            }
            return merged;
          });
        })
        .catch(() => setFailed(true))
        .finally(() => setBusy(false));
    };
    const observer = new IntersectionObserver(
      (entries) => {
        clearTimeout(timer);
        if (!entries.some((e) => e.isIntersecting)) return;
        const wait = lastRun.current + SCROLL_THROTTLE_MS - Date.now();
        if (wait > 0) timer = setTimeout(load, wait);
        else load();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [next, busy, failed, apiHref, location.key]);

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
      {failed && (
        <p className="listing__loading" role="status">
          More products could not be loaded.{" "}
          <button type="button" className="listing__retry" onClick={() => setFailed(false)}>
            Try again
          </button>
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
