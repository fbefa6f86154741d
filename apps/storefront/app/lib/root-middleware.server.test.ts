import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { guestIdContext, viewerContext } from "../context";
import { guestMiddleware, redirectMiddleware } from "./root-middleware.server";

function args(path: string, cookie?: string) {
  const headers = cookie ? { cookie } : undefined;
  return {
    request: new Request(`http://shop.test${path}`, { headers }),
    params: {},
    context: new RouterContextProvider(),
    pattern: "/",
    url: new URL(`http://shop.test${path}`),
  };
}

const next = async () => new Response("ok");

async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("redirectMiddleware", () => {
  it("throws a redirect for a legacy address", async () => {
    const error = await thrown(() => redirectMiddleware(args("/sales-page"), next));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(301);
    expect((error as Response).headers.get("Location")).toBe("/sale");
  });

  it("judges a client navigation's data request by its page address", async () => {
    const a = { ...args("/sales-page"), request: new Request("http://shop.test/sales-page.data") };
    const error = (await thrown(() => redirectMiddleware(a, next))) as Response;
    expect(error.headers.get("Location")).toBe("/sale");
  });

  it("sends anonymous visitors away from /admin", async () => {
    const error = (await thrown(() => redirectMiddleware(args("/admin"), next))) as Response;
    expect(error.headers.get("Location")).toBe("/account/login");
  });

  it("lets a signed-in viewer into /admin", async () => {
    const a = args("/admin");
    a.context.set(viewerContext, {
      id: "u1",
      role: "admin",
      name: "A",
      firstName: "A",
      email: null,
      phone: null,
    });
    expect(await thrown(() => redirectMiddleware(a, next))).toBeUndefined();
  });
});

describe("guestMiddleware", () => {
  it("mints a guest id and sets the cookie", async () => {
    const a = args("/");
    const response = (await guestMiddleware(a, next)) as Response;
    const id = a.context.get(guestIdContext);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("Set-Cookie")).toBe(
      `guest=${id}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`,
    );
  });

  it("keeps an existing guest id without setting a cookie", async () => {
    const a = args("/", "guest=abcdef123456");
    const response = (await guestMiddleware(a, next)) as Response;
    expect(a.context.get(guestIdContext)).toBe("abcdef123456");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});
