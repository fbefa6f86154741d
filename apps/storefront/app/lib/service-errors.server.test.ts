import { AppError } from "@maidan/contracts/errors";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLog } from "../testing/capture-log";
import {
  classify,
  failure,
  nullIfNotFound,
  pageError,
  UNAVAILABLE_MESSAGE,
  UNEXPECTED,
  unavailableAsPage,
} from "./service-errors.server";

/** What pg and Drizzle throw when PostgreSQL does not answer: the driver's error as the cause. */
const databaseDown = () =>
  Object.assign(new Error("Failed query: select * from orders where id = $1"), {
    cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    }),
  });

const request = new Request("http://shop.test/my/orders/o-1.data?_routes=routes%2Fmy%2Forder");

/** Status and body of what a loader threw (`data()`), or the redirect's target. */
function answer(thrown: unknown) {
  if (thrown instanceof Response) return { redirect: thrown.headers.get("Location") };
  const d = thrown as { data: unknown; init: { status: number } | null };
  return { status: d.init?.status, body: d.data };
}

afterEach(() => vi.restoreAllMocks());

describe("classify: what a service threw", () => {
  it("reads the code's status from the table", () => {
    expect(classify(new AppError("NOT_FOUND", "Order not found"))).toEqual({ kind: "not-found" });
    expect(classify(new AppError("UNAUTHORIZED"))).toEqual({ kind: "sign-in" });
    expect(classify(new AppError("FORBIDDEN"))).toEqual({ kind: "sign-in" });
    expect(classify(new AppError("OUT_OF_STOCK", "Only 1 left"))).toEqual({
      kind: "refused",
      status: 409,
      message: "Only 1 left",
    });
    expect(classify(new AppError("SMS_FAILED"))).toMatchObject({ kind: "unavailable" });
  });

  it("knows a database that does not answer, also inside a cause", () => {
    expect(classify(databaseDown())).toEqual({
      kind: "unavailable",
      message: UNAVAILABLE_MESSAGE,
    });
    expect(classify(new Error("Connection terminated unexpectedly"))).toMatchObject({
      kind: "unavailable",
    });
  });

  it("takes anything else for a failure of the shop, whatever status it claims", () => {
    expect(classify(new TypeError("x is undefined"))).toEqual({ kind: "internal" });
    // Not an AppError: a look-alike with an unknown code, or a plain object with a status.
    const fake = Object.assign(new Error("Nope"), { name: "AppError", code: "X", status: 404 });
    expect(classify(fake)).toEqual({ kind: "internal" });
    expect(classify({ status: 404, message: "Not Found" })).toEqual({ kind: "internal" });
  });

  it("recognises an AppError of another copy of the contracts module by name and code", () => {
    const copy = Object.assign(new Error("Order not found"), {
      name: "AppError",
      code: "NOT_FOUND",
      status: 404,
    });
    expect(classify(copy)).toEqual({ kind: "not-found" });
  });
});

describe("pageError: a loader's answer", () => {
  it("gives the 404 page with the spec's text for a NOT_FOUND code", () => {
    expect(answer(pageError(new AppError("NOT_FOUND"), request))).toEqual({
      status: 404,
      body: { message: "This page could not be found", status: 404 },
    });
  });

  it("sends 401 and 403 to the login page, coming back to the page (not its data request)", () => {
    for (const code of ["UNAUTHORIZED", "TOKEN_EXPIRED", "FORBIDDEN"] as const) {
      expect(answer(pageError(new AppError(code), request))).toEqual({
        redirect: "/account/login?redirectTo=%2Fmy%2Forders%2Fo-1",
      });
    }
  });

  it("gives the 503 page when the database is down", () => {
    expect(answer(pageError(databaseDown(), request))).toEqual({
      status: 503,
      body: { message: "Service temporarily unavailable", status: 503 },
    });
  });

  it("gives another refusal its own status and message", () => {
    expect(answer(pageError(new AppError("BAD_REQUEST", "Bad page"), request))).toEqual({
      status: 400,
      body: { message: "Bad page", status: 400 },
    });
  });

  it("gives the 500 page for anything else, without its text, and logs it", () => {
    const logged = captureLog();
    const thrown = pageError(new TypeError('relation "orders" does not exist'), request);
    expect(answer(thrown)).toEqual({
      status: 500,
      body: { message: "Internal Server Error", status: 500 },
    });
    expect(logged.error).toHaveBeenCalledOnce();
    logged.restore();
  });

  it("passes a route's own answer through", () => {
    const moved = redirect("/elsewhere");
    expect(pageError(moved, request)).toBe(moved);
    const gone = data({ message: "Gone", status: 410 }, { status: 410 });
    expect(pageError(gone, request)).toBe(gone);
    expect(isRouteErrorResponse(pageError(gone, request))).toBe(false);
  });
});

describe("nullIfNotFound", () => {
  it("turns only a missing record into null", () => {
    expect(nullIfNotFound(new AppError("NOT_FOUND"))).toBeNull();
    const down = databaseDown();
    expect(() => nullIfNotFound(down)).toThrow(down);
  });
});

describe("failure: an action's answer", () => {
  it("shows a refusal's message, a 503 code's message too", () => {
    expect(failure(new AppError("OUT_OF_STOCK", "Only 1 left"))).toEqual({
      ok: false,
      message: "Only 1 left",
    });
    expect(failure(new AppError("SMS_FAILED"), "03001234567")).toEqual({
      ok: false,
      message: "We could not send the SMS just now. Please try again in a few minutes.",
      phone: "03001234567",
    });
  });

  it("says the service is unavailable when the database is down", () => {
    expect(failure(databaseDown())).toEqual({ ok: false, message: UNAVAILABLE_MESSAGE });
  });

  it("hides anything else behind a plain message", () => {
    const logged = captureLog();
    expect(failure(new Error("syntax error at or near"))).toEqual({
      ok: false,
      message: UNEXPECTED,
    });
    expect(logged.error).toHaveBeenCalledOnce();
    logged.restore();
  });

  it("rethrows a redirect", () => {
    const moved = redirect("/order-success?id=o-1");
    expect(() => failure(moved)).toThrow();
  });
});

describe("unavailableAsPage: the services as routes reach them", () => {
  const orders = {
    lastSeen: 0,
    down: async () => {
      throw databaseDown();
    },
    missing: async () => {
      throw new AppError("NOT_FOUND", "Order not found");
    },
    smsDown: async () => {
      throw new AppError("SMS_FAILED");
    },
    count(this: { lastSeen: number }) {
      return this.lastSeen + 1;
    },
  };
  const wrapped = unavailableAsPage({ orders });

  it("rejects with the 503 page when the database is down", async () => {
    const thrown = await wrapped.orders.down().catch((e: unknown) => e);
    expect(answer(thrown)).toEqual({
      status: 503,
      body: { message: "Service temporarily unavailable", status: 503 },
    });
  });

  it("lets every code through as it was thrown, a 503 code included", async () => {
    const missing = await wrapped.orders.missing().catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AppError);
    const sms = await wrapped.orders.smsDown().catch((e: unknown) => e);
    expect(failure(sms).message).toBe(
      "We could not send the SMS just now. Please try again in a few minutes.",
    );
  });

  it("keeps plain values and `this`, and wraps one object once", () => {
    expect(wrapped.orders.lastSeen).toBe(0);
    expect(wrapped.orders.count()).toBe(1);
    expect(unavailableAsPage({ orders }).orders).not.toBe(orders);
    const again = { orders };
    expect(unavailableAsPage(again)).toBe(unavailableAsPage(again));
  });
});
