import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext, viewerContext } from "../context";
import { fakeAuth } from "../testing/fake-auth";
import { fakeServices } from "../testing/fake-services";
import { redirectMiddleware, sessionMiddleware } from "./root-middleware.server";

const shopper = {
  id: "u1",
  role: "user" as const,
  name: "Ayesha Khan",
  firstName: "Ayesha",
  email: null,
  phone: null,
};

function args(path: string, auth = fakeAuth()) {
  const context = new RouterContextProvider();
  context.set(servicesContext, { ...fakeServices(), auth });
  return {
    request: new Request(`http://shop.test${path}`),
    params: {},
    context,
    pattern: "/",
    url: new URL(`http://shop.test${path}`),
  };
}

async function redirected(a: ReturnType<typeof args>): Promise<unknown> {
  try {
    await redirectMiddleware(a, async () => new Response("ok"));
  } catch (e) {
    return e;
  }
  return undefined;
}

describe("sessionMiddleware", () => {
  it("puts the signed-in user in viewerContext and passes a refreshed cookie on", async () => {
    const a = args("/my", fakeAuth({ user: shopper, guestId: null }, "Authorization=new; Path=/"));
    const res = await sessionMiddleware(a, async () => {
      expect(a.context.get(viewerContext)).toEqual(shopper);
      return new Response("ok");
    });
    expect((res as Response).headers.get("set-cookie")).toBe("Authorization=new; Path=/");
  });

  it("leaves visitors anonymous, so rule 2 sends them from /admin to login", async () => {
    const a = args("/admin");
    await sessionMiddleware(a, async () => new Response("ok"));
    expect(a.context.get(viewerContext)).toBeNull();
    const thrown = await redirected(a);
    expect((thrown as Response).headers.get("Location")).toBe("/account/login");
  });

  it("sends a signed-in user from /login to /my (rule 3)", async () => {
    const a = args("/login", fakeAuth({ user: shopper, guestId: null }));
    await sessionMiddleware(a, async () => new Response("ok"));
    const thrown = await redirected(a);
    expect((thrown as Response).headers.get("Location")).toBe("/my");
  });

  it("treats a failing auth service as anonymous instead of failing the page", async () => {
    const broken = {
      ...fakeAuth(),
      sessionFromRequest: async () => Promise.reject(new Error("db down")),
    };
    const a = args("/", broken);
    const res = await sessionMiddleware(a, async () => new Response("ok"));
    expect((res as Response).status).toBe(200);
    expect(a.context.get(viewerContext)).toBeNull();
  });
});
