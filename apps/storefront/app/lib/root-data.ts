import type { PublicSettings, ShippingMethod } from "@maidan/contracts/site";
import { useRouteLoaderData } from "react-router";
import { fallbackSettings } from "./settings";

export type NavCategory = { slug: string; name: string };

/** What the root loader gives every page. */
export type RootData = {
  settings: PublicSettings;
  categories: NavCategory[];
  shipping: ShippingMethod | null;
};

export const emptyRootData: RootData = {
  settings: fallbackSettings,
  categories: [],
  shipping: null,
};

/** The root loader's data; the fallbacks while an error page renders without it. */
export function useRootData(): RootData {
  return useRouteLoaderData<RootData>("root") ?? emptyRootData;
}
