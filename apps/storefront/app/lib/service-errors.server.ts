import { ERRORS, isAppError, isUnavailable } from "@maidan/contracts/errors";
import { data, redirect } from "react-router";
import { notFoundMessage } from "./errors";
import { log } from "./log.server";

/**
 * The one place where what a service threw becomes what a route answers (decision 037). Services
 * throw `AppError`s with a code from `@maidan/contracts/errors`; anything else is a failure of
 * the shop itself (the database down, a bug).
 */
export type ServiceFailure =
  | { kind: "not-found" }
  | { kind: "sign-in" }
  | { kind: "unavailable"; message: string }
  | { kind: "refused"; status: number; message: string }
  | { kind: "internal" };

export function classify(error: unknown): ServiceFailure {
  if (isAppError(error)) {
    if (error.status === 404) return { kind: "not-found" };
    if (error.status === 401 || error.status === 403) return { kind: "sign-in" };
    if (error.status === 503) return { kind: "unavailable", message: error.message };
    if (error.status < 500)
      return { kind: "refused", status: error.status, message: error.message };
    return { kind: "internal" };
  }
  if (isUnavailable(error)) return { kind: "unavailable", message: UNAVAILABLE_MESSAGE };
  return { kind: "internal" };
}

export const UNAVAILABLE_MESSAGE = ERRORS.SERVICE_UNAVAILABLE.message;
export const INTERNAL_MESSAGE = ERRORS.INTERNAL.message;

/** The 404 every loader throws (spec §8), so the error page shows its fixed text. */
export const notFound = () => data({ message: notFoundMessage, status: 404 }, { status: 404 });

/** The login page, coming back to this address afterwards (spec §2, route rule 2). */
export function loginRedirect(request: Request) {
  const url = new URL(request.url);
  // A client navigation's data request ends in `.data` and may carry `_routes`: not the page's.
  url.searchParams.delete("_routes");
  const back = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  return redirect(`/account/login?${new URLSearchParams({ redirectTo: back })}`);
}

/** What React Router already treats as a route's answer: a redirect, a response, `data()`. */
const isRouteAnswer = (value: unknown) =>
  value instanceof Response ||
  (typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit");

/**
 * A loader's answer to a failed service call: throw it. 404 page for a NOT_FOUND code, the login
 * page for 401 and 403, the 503 page when the database or a service cannot be reached, the
 * refusal's own status and message for other 4xx codes, and the 500 page for anything else.
 */
export function pageError(error: unknown, request: Request) {
  if (isRouteAnswer(error)) return error;
  const failure = classify(error);
  switch (failure.kind) {
    case "not-found":
      return notFound();
    case "sign-in":
      return loginRedirect(request);
    case "unavailable":
      return data({ message: failure.message, status: 503 }, { status: 503 });
    case "refused":
      return data({ message: failure.message, status: failure.status }, { status: failure.status });
    case "internal":
      log().error({ err: error }, "storefront: a page failed");
      return data({ message: INTERNAL_MESSAGE, status: 500 }, { status: 500 });
  }
}

const unavailablePage = () => data({ message: UNAVAILABLE_MESSAGE, status: 503 }, { status: 503 });

const guarded = new WeakMap<object, object>();

/**
 * The services as loaders and actions reach them (`services(context)`): a call that fails
 * because the database or a service cannot be reached rejects with the 503 page, so every page
 * answers 503 then, also those whose loader catches nothing. Every other failure, the codes of
 * `@maidan/contracts/errors` included, reaches the route as it was thrown.
 */
export function unavailableAsPage<T extends object>(services: T): T {
  const known = guarded.get(services);
  if (known) return known as T;
  const domains = new Map<PropertyKey, unknown>();
  const proxy = new Proxy(services, {
    get(target, key) {
      const domain = Reflect.get(target, key);
      if (typeof domain !== "object" || domain === null) return domain;
      if (!domains.has(key)) domains.set(key, guardDomain(domain));
      return domains.get(key);
    },
  });
  guarded.set(services, proxy);
  return proxy;
}

function guardDomain(domain: object) {
  return new Proxy(domain, {
    get(target, key) {
      const member = Reflect.get(target, key);
      if (typeof member !== "function") return member;
      return (...args: unknown[]) => {
        const result = member.apply(target, args);
        return result instanceof Promise
          ? result.catch((error: unknown) => {
              throw !isAppError(error) && isUnavailable(error) ? unavailablePage() : error;
            })
          : result;
      };
    },
  });
}

/** For `.catch`: a missing record is null, every other failure goes on. */
export function nullIfNotFound(error: unknown): null {
  if (classify(error).kind === "not-found") return null;
  throw error;
}

/** What an action answers; the page shows `message` as a toast. */
export type ActionFeedback = { ok: boolean; message: string; phone?: string };

/** An action's answer to a failure that was not meant for shoppers (no SQL or stack text). */
export const UNEXPECTED = "Something went wrong. Please try again.";

/**
 * A failed service call as action data: the code's message, written for the shopper (a 503 such
 * as "We could not send the SMS just now" included); anything else stays private.
 */
export function failure(error: unknown, phone?: string): ActionFeedback {
  if (isRouteAnswer(error)) throw error;
  const f = classify(error);
  if (f.kind === "internal" || f.kind === "unavailable")
    log().error({ err: error }, "storefront: an action failed");
  const message =
    f.kind === "internal"
      ? UNEXPECTED
      : f.kind === "unavailable"
        ? f.message
        : isAppError(error)
          ? error.message
          : UNEXPECTED;
  return { ok: false, message, phone };
}
