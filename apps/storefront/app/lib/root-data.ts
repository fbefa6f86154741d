import type { PublicSettings, ShippingMethod } from "@maidan/contracts/site";
import { useRouteLoaderData } from "react-router";
import { nobody, type PersonalParts, usePersonalParts } from "./personal";
import { fallbackSettings } from "./settings";

export type NavCategory = { slug: string; name: string };

/** A footer column: its heading and its links as [path, label] (lib/footer-links.server.ts). */
export type FooterColumn = {
  title: string;
  links: readonly (readonly [to: string, label: string])[];
};

/** What the root loader gives every page. */
export type RootData = PersonalParts & {
  settings: PublicSettings;
  categories: NavCategory[];
  shipping: ShippingMethod | null;
  /**
   * The gateways taking payments (checkout offers only these) and whether any of them is a
   * sandbox (the ribbon itself is written by entry.server.tsx; decision 024).
   */
  payments?: { testMode: boolean; gateways: string[] };
  /** The footer's link columns (none while an error page renders without the root's data). */
  footer?: readonly FooterColumn[];
};

export const emptyRootData: RootData = {
  ...nobody,
  settings: fallbackSettings,
  categories: [],
  shipping: null,
};

/**
 * The root loader's data; the fallbacks while an error page renders without it. A page rendered
 * for nobody shows the visitor's own parts once `/account/me` has answered (lib/personal.ts).
 */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root") ?? emptyRootData;
  const personal = usePersonalParts();
  return data.anonymous && personal ? { ...data, ...personal } : data;
}
