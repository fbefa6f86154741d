import type { AppServices } from "@maidan/contracts/services";
import type { RouterContextProvider } from "react-router";
import { servicesContext } from "../context";
import { log } from "./log.server";
import { unavailableAsPage } from "./service-errors.server";

type Context = Readonly<RouterContextProvider>;

/** The services of this request, a failure to reach the database answering the 503 page. */
export function services(context: Context): AppServices {
  try {
    return unavailableAsPage(context.get(servicesContext));
  } catch {
    throw new Error(
      "Storefront services missing: pass build.entry.module.createLoadContext(services) as the load context",
    );
  }
}

const perRequest = new WeakMap<Context, Map<string, Promise<unknown>>>();

/**
 * Runs `load` once per request for `key`: the root and a page loader run in parallel and may
 * want the same data (the home page and the header both read `site.home()`).
 */
export function once<T>(context: Context, key: string, load: () => Promise<T>): Promise<T> {
  let cache = perRequest.get(context);
  if (!cache) {
    cache = new Map();
    perRequest.set(context, cache);
  }
  let pending = cache.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    cache.set(key, pending);
  }
  return pending;
}

/** The value of a settled promise, or `fallback` with the failure logged (spec §4). */
export function settledOr<T, F>(result: PromiseSettledResult<T>, fallback: F, what: string): T | F {
  if (result.status === "fulfilled") return result.value;
  log().warn(
    { err: result.reason },
    `storefront: ${what} could not be loaded; continuing without it`,
  );
  return fallback;
}
