import { describe, expect, it } from "vitest";
import { errorView, normalizeError } from "./errors";

describe("normalizeError", () => {
  it("reads an API error body", () => {
    expect(normalizeError({ message: "Out of stock", status: 409 })).toEqual({
      message: "Out of stock",
      status: 409,
    });
  });

  it("defaults the status to 500", () => {
    expect(normalizeError({ message: "Boom" })).toEqual({ message: "Boom", status: 500 });
    expect(normalizeError(new Error("Network down"))).toEqual({
      message: "Network down",
      status: 500,
    });
    expect(normalizeError("plain text")).toEqual({ message: "plain text", status: 500 });
  });

  it("reads the body inside a router error response or HTTP client error", () => {
    expect(
      normalizeError({ status: 404, statusText: "Not Found", data: { message: "No such order" } }),
    ).toEqual({ message: "No such order", status: 404 });
    expect(
      normalizeError({ response: { status: 422, data: { message: "Invalid phone" } } }),
    ).toEqual({ message: "Invalid phone", status: 422 });
    expect(normalizeError({ status: 503, statusText: "Service Unavailable", data: null })).toEqual({
      message: "Service Unavailable",
      status: 503,
    });
  });

  it("stringifies a body without a message", () => {
    expect(normalizeError({ error: "bad", code: 7 })).toEqual({
      message: '{"error":"bad","code":7}',
      status: 500,
    });
  });

  it("ignores statuses that are not HTTP statuses", () => {
    expect(normalizeError({ message: "x", status: false }).status).toBe(500);
    expect(normalizeError({ message: "x", status: 42 }).status).toBe(500);
    expect(normalizeError({ message: "x", statusCode: "401" }).status).toBe(401);
  });

  it("copes with nothing at all", () => {
    expect(normalizeError(undefined)).toEqual({ message: "Something went wrong", status: 500 });
    expect(normalizeError(null)).toEqual({ message: "Something went wrong", status: 500 });
    expect(normalizeError("")).toEqual({ message: "Something went wrong", status: 500 });
  });
});

describe("errorView", () => {
  it("shows the spec's 404 text", () => {
    expect(errorView({ status: 404, statusText: "Not Found", data: null }, false)).toEqual({
      status: 404,
      heading: "This page could not be found",
      stack: null,
    });
  });

  it("shows status and message, 500 by default", () => {
    expect(errorView(new Error("Boom"), false)).toEqual({
      status: 500,
      heading: "Boom",
      stack: null,
    });
    expect(errorView({ status: 503, message: "Down for upkeep" }, false).status).toBe(503);
  });

  it("includes the stack only when asked (development)", () => {
    expect(errorView(new Error("Boom"), true).stack).toContain("Boom");
    expect(errorView({ message: "no stack" }, true).stack).toBeNull();
  });
});
