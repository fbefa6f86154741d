import type { Wishlist, WishlistToggle } from "@maidan/contracts/wishlists";
import { notifyError, notifySuccess } from "../../lib/toast";
import { loginDialog } from "../account/login-dialog-store";

/**
 * The hearts' state and what a press does, fetched after the page is up (heart.tsx keeps the
 * first load to plain markup). `saved`: the ids of the products in the shopper's default list,
 * null before it is loaded or when signed out; every heart on the page (`[data-wish]`) shows it
 * as `aria-pressed`, new ones too (a mutation observer).
 */
let saved: ReadonlySet<string> | null = null;
let observer: MutationObserver | null = null;
let signedIn = false;
let listening = false;

/** The search parameters a heart pressed while signed out comes back with (after the login). */
export const SAVE_PARAM = "wish";
export const SAVE_VARIANT_PARAM = "wv";

/** Spec §4: the wishlist is fetched only when a user is logged in and the list is empty. */
export const shouldFetchWishlist = (signedIn: boolean, list: ReadonlySet<string> | null) =>
  signedIn && (list === null || list.size === 0);

/** The ids the hearts show: the products of the default list. */
export const savedProductIds = (lists: readonly Wishlist[]) =>
  new Set(lists.find((l) => l.isDefault)?.items.map((i) => i.product._id));

/**
 * Where a signed-out heart sends the shopper after the login: the product's page (`path`: a
 * tile's product, or this page for the product page's own heart), to be saved there.
 */
export function saveTarget(productId: string, path: string, variantId?: string | null) {
  const q = new URLSearchParams({ [SAVE_PARAM]: productId });
  if (variantId) q.set(SAVE_VARIANT_PARAM, variantId);
  return `${path}?${q}`;
}

/** The /wishlist page hands over what it loaded with this window event (detail: the lists). */
export const SYNC_EVENT = "maidan:wishlists";

export const savedNow = () => saved;

/** Marks every heart on the page with the list's state. */
function paint() {
  if (typeof document === "undefined") return;
  for (const el of document.querySelectorAll<HTMLElement>("[data-wish]")) {
    const on = String(saved?.has(el.dataset.wish ?? "") === true);
    if (el.getAttribute("aria-pressed") !== on) el.setAttribute("aria-pressed", on);
  }
}

/** The list is now `next` (the /wishlist page hands over what it loaded). */
export function sync(next: ReadonlySet<string> | null) {
  saved = next;
  paint();
  if (!observer && typeof MutationObserver !== "undefined") {
    observer = new MutationObserver(paint);
    observer.observe(document.body, { childList: true, subtree: true });
  }
}

const mark = (productId: string, on: boolean) => {
  const next = new Set(saved);
  if (on) next.add(productId);
  else next.delete(productId);
  sync(next);
};

async function call<T>(path: string, body?: object): Promise<T> {
  const res = await fetch(
    `/api/wishlists/${path}`,
    body
      ? {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }
      : {},
  );
  const data = await res.json().catch(() => null);
  if (!res.ok) throw data ?? res;
  return data as T;
}

/**
 * Client start (spec §4): a product saved from a heart before the login is saved now; then the
 * list is fetched when signed in and empty. A failed fetch gives an empty list (spec §8).
 */
export async function start(isSignedIn: boolean) {
  signedIn = isSignedIn;
  if (!listening && typeof document !== "undefined") {
    listening = true;
    document.addEventListener("click", (e) => {
      const heart = (e.target as Element).closest?.<HTMLElement>("[data-wish]");
      if (heart) void press(heart, signedIn);
    });
    window.addEventListener(SYNC_EVENT, (e) =>
      sync(savedProductIds((e as CustomEvent<Wishlist[]>).detail)),
    );
  }
  if (!signedIn) {
    sync(null);
    return;
  }
  const url = new URL(window.location.href);
  const productId = url.searchParams.get(SAVE_PARAM);
  if (productId) {
    const variantId = url.searchParams.get(SAVE_VARIANT_PARAM);
    url.searchParams.delete(SAVE_PARAM);
    url.searchParams.delete(SAVE_VARIANT_PARAM);
    window.history.replaceState(window.history.state, "", url);
    try {
      await call<WishlistToggle>("save", { productId, variantId });
      notifySuccess("Saved to your wishlist");
    } catch (e) {
      notifyError(e);
    }
  }
  if (!shouldFetchWishlist(true, saved)) return;
  try {
    sync(savedProductIds(await call<Wishlist[]>("my")));
  } catch {
    sync(new Set());
  }
}

/** A heart's press: signed out, the login dialog; signed in, the toggle (shown at once). */
export async function press(heart: { dataset: DOMStringMap }, signedIn: boolean): Promise<void> {
  const { wish: productId = "", slug, variant: variantId } = heart.dataset;
  if (!signedIn) {
    loginDialog.open("Log in to save to your wishlist", {
      redirectTo: saveTarget(productId, slug ? `/${slug}` : window.location.pathname, variantId),
    });
    return;
  }
  const was = saved?.has(productId) === true;
  mark(productId, !was);
  try {
    const r = await call<WishlistToggle>("toggle", { productId, variantId });
    mark(productId, r.saved);
    notifySuccess(r.saved ? "Saved to your wishlist" : "Removed from your wishlist");
  } catch (e) {
    mark(productId, was);
    notifyError(e);
  }
}
