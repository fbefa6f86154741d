import type { PublicSettings, ShippingMethod } from "@maidan/contracts/site";
import { useRouteLoaderData } from "react-router";
import { fallbackSettings } from "./settings";

export type NavCategory = { slug: string; name: string };

/** A footer column: its heading and its links as [path, label] (lib/footer-links.server.ts). */
export type FooterColumn = {
  title: string;
  links: readonly (readonly [to: string, label: string])[];
};

/** What the root loader gives every page. */
export type RootData = {
  settings: PublicSettings;
  categories: NavCategory[];
  shipping: ShippingMethod | null;
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
  /**
   * The gateways taking payments (checkout offers only these) and whether any of them is a
   * sandbox (the ribbon itself is written by entry.server.tsx; decision 024).
   */
  payments?: { testMode: boolean; gateways: string[] };
  /** The footer's link columns (none while an error page renders without the root's data). */
  footer?: readonly FooterColumn[];
};

export const emptyRootData: RootData = {
  settings: fallbackSettings,
  categories: [],
  shipping: null,
  viewer: null,
  cartQty: 0,
  unread: 0,
};

/** The root loader's data; the fallbacks while an error page renders without it. */
export function useRootData(): RootData {
  return useRouteLoaderData<RootData>("root") ?? emptyRootData;
}
