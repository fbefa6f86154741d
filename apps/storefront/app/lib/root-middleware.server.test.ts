import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { guestIdContext, viewerContext } from "../context";
import {
  formBodyMiddleware,
  guestMiddleware,
  redirectMiddleware,
  UNREADABLE_FORM,
} from "./root-middleware.server";

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

describe("formBodyMiddleware", () => {
  const run = (init: RequestInit) =>
    thrown(() =>
      formBodyMiddleware(
        { ...args("/account/login"), request: new Request("http://shop.test/account/login", init) },
        next,
      ),
    );

  it("lets form posts, empty ones included, and reads through", async () => {
    const form = new FormData();
    form.set("email", "a@b.pk");
    expect(await run({ method: "POST", body: form })).toBeUndefined();
    expect(await run({ method: "POST", body: new URLSearchParams({ a: "1" }) })).toBeUndefined();
    const empty = { "content-type": "application/x-www-form-urlencoded" };
    expect(await run({ method: "POST", headers: empty })).toBeUndefined();
    expect(await run({ method: "GET" })).toBeUndefined();
  });

  it("leaves the body for the action to read", async () => {
    const request = new Request("http://shop.test/x", {
      method: "POST",
      body: new URLSearchParams({ intent: "place" }),
    });
    await formBodyMiddleware({ ...args("/x"), request }, next);
    expect((await request.formData()).get("intent")).toBe("place");
  });

  it("refuses with 400 what an action could not read as a form", async () => {
    const bodies: RequestInit[] = [
      { method: "POST", headers: { "content-type": "application/json" }, body: '{"a":1}' },
      { method: "PUT", headers: { "content-type": "text/plain" }, body: "hello" },
      { method: "DELETE" },
      { method: "OPTIONS" },
      { method: "PATCH", headers: { "content-type": "multipart/form-data" }, body: "--x\r\n" },
      {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
      },
    ];
    for (const init of bodies) {
      // What `data(…, { status: 400 })` throws: React Router answers with that status.
      const r = (await run(init)) as { init?: { status?: number }; data?: unknown };
      expect(r.init?.status, `${init.method} ${JSON.stringify(init.headers)}`).toBe(400);
      expect(r.data).toEqual({ message: UNREADABLE_FORM, status: 400 });
    }
  });
});
