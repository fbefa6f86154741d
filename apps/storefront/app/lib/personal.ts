import { SHARED_PAGE_TIMING } from "@maidan/contracts/shared-pages";
import { useEffect } from "react";
import { useFetcher } from "react-router";

/**
 * A page rendered for nobody may have been the shared cached page sent to a shopper with a
 * session or a cart (decision 069): their own parts (name, cart, unread badge) are then loaded
 * from `/account/me` after hydration, into one fetcher every `useRootData` reads.
 */
const KEY = "personal";

/** The parts of every page that belong to the visitor (lib/personal.server.ts). */
export type PersonalParts = {
  /**
   * Rendered for nobody: no session and no guest cookie. Such a page may be the shared one a
   * signed-in shopper was sent (decision 069); its own parts then come from `/account/me`.
   */
  anonymous: boolean;
  /**
   * The signed-in shopper's display name, role and §3 `zipcode` (the profile's postal code), or
   * null (never tokens or contact details).
   */
  viewer: {
    name: string;
    role: "user" | "vendor" | "manager" | "admin";
    zipcode: string | null;
    /** The profile's city, for the product page's delivery line. */
    city?: string | null;
  } | null;
  /** Units in the visitor's cart, for the header (cart module, #5). */
  cartQty: number;
  /** The signed-in shopper's unread notifications, for the header's and tab bar's badge. */
  unread: number;
};

export const nobody: PersonalParts = { anonymous: true, viewer: null, cartQty: 0, unread: 0 };

export const usePersonalParts = () => useFetcher<PersonalParts>({ key: KEY }).data;

/**
 * Loads the visitor's parts once, when this document is a shared page sent to them. The mark
 * comes in the Server-Timing header; a browser that does not expose it (plain http off
 * localhost is not a secure context) asks anyway.
 */
export function useLoadPersonalParts(anonymous: boolean) {
  const fetcher = useFetcher({ key: KEY });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the document that hydrated
  useEffect(() => {
    const page = performance.getEntriesByType("navigation")[0] as
      | PerformanceNavigationTiming
      | undefined;
    const timings = page?.serverTiming;
    if (anonymous && (!timings || timings.some((t) => t.name === SHARED_PAGE_TIMING)))
      fetcher.load("/account/me");
  }, []);
}
