import { describe, expect, it } from "vitest";
import { AppError, ERRORS, errorBodyOf, isAppError, isUnavailable } from "./errors.ts";

describe("AppError", () => {
  it("takes its status from the code, and the table's message unless given one", () => {
    const e = new AppError("TOKEN_EXPIRED");
    expect([e.status, e.code, e.message]).toEqual([401, "TOKEN_EXPIRED", "jwt expired"]);
    expect(errorBodyOf(new AppError("NOT_FOUND", "Order not found"))).toEqual({
      message: "Order not found",
      status: 404,
      code: "NOT_FOUND",
    });
  });

  it("keeps the spec's words (§8)", () => {
    expect(ERRORS.INVALID_LOGIN.message).toBe("Invalid Login Details!");
    expect(ERRORS.TOKEN_EXPIRED.message).toBe("jwt expired");
  });

  it("gives every code an HTTP error status", () => {
    for (const { status } of Object.values(ERRORS)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });
});

describe("isAppError", () => {
  it("recognises one from another copy of the module, not a look-alike", () => {
    expect(isAppError(new AppError("CONFLICT", "x"))).toBe(true);
    const copy = Object.assign(new Error("x"), { name: "AppError", code: "CONFLICT", status: 409 });
    expect(isAppError(copy)).toBe(true);
    expect(isAppError({ ...copy })).toBe(false);
    expect(isAppError(Object.assign(copy, { status: 500 }))).toBe(false);
    expect(isAppError(Object.assign(new Error("x"), { name: "AppError", code: "NOPE" }))).toBe(
      false,
    );
  });
});

describe("isUnavailable", () => {
  it("is a 503 code, or a connection failure here or in a cause", () => {
    expect(isUnavailable(new AppError("MEDIA_UNAVAILABLE"))).toBe(true);
    expect(isUnavailable(new AppError("NOT_FOUND"))).toBe(false);
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(isUnavailable(new Error("Failed query", { cause: refused }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error("shutting down"), { code: "57P01" }))).toBe(true);
    expect(isUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isUnavailable(new Error('relation "x" does not exist'))).toBe(false);
    expect(isUnavailable(null)).toBe(false);
  });
});
