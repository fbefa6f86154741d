import { AppError } from "@maidan/contracts/errors";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { guestIdContext, servicesContext } from "../../context";
import { captureLog } from "../../testing/capture-log";
import { fakeServices } from "../../testing/fake-services";
import { loader } from "./token-login";

type TokenLogin = ReturnType<typeof fakeServices>["auth"]["tokenLogin"];

function run(tokenLogin: TokenLogin, url = "http://shop.test/verify/auth?token=abc") {
  const services = fakeServices();
  services.auth.tokenLogin = tokenLogin;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(guestIdContext, "guest-1234");
  const request = new Request(url);
  return loader({ request, url: new URL(url), params: {}, pattern: "/verify/auth", context });
}

describe("/verify/auth loader (token login)", () => {
  it("signs in with the token and the guest's cart, says 'Logged In Redirecting' and sets the cookie", async () => {
    const tokenLogin = vi.fn<TokenLogin>(
      async () => ({ setCookie: "Authorization=t; Path=/" }) as never,
    );
    const result = (await run(tokenLogin)) as unknown as {
      data: unknown;
      init: { headers: Record<string, string> };
    };
    expect(tokenLogin).toHaveBeenCalledWith("abc", "guest-1234");
    expect(result.data).toEqual({ status: true, message: "Logged In Redirecting" });
    expect(result.init.headers["Set-Cookie"]).toBe("Authorization=t; Path=/");
  });

  it("shows the server's message when the token is refused", async () => {
    const result = await run(async () => {
      throw new AppError("LOGIN_LINK_INVALID");
    });
    expect(result).toEqual({ status: false, message: "This link is invalid or has expired." });
  });

  it("shows 'login error' when the failure has no message for the shopper", async () => {
    const captured = captureLog();
    const error = captured.error;
    expect(
      await run(async () => {
        throw new Error("connection reset");
      }),
    ).toEqual({ status: false, message: "login error" });
    expect(
      await run(async () => {
        throw new AppError("INTERNAL", "relation users does not exist");
      }),
    ).toEqual({ status: false, message: "login error" });
    expect(error).toHaveBeenCalledTimes(2);
    captured.restore();
  });
});
