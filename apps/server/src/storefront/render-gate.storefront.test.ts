import Fastify from "fastify";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountStorefront } from "./mount.ts";

/**
 * The storefront's page renders go through the render gate: never more than
 * `renderConcurrency` at once, and a render that throws gives its place back.
 */
let active = 0;
let peak = 0;
let renders = 0;
// fetch keeps its connections alive; closing must not wait for them.
const app = Fastify({ logger: false, forceCloseConnections: true });

function fakeBuild(): ServerBuild {
  const module = {
    connectLog: () => {},
    createLoadContext: () => ({}),
    createRequestHandler: () => async (request: Request) => {
      renders++;
      active++;
      peak = Math.max(peak, active);
      const slow = new URL(request.url).pathname.startsWith("/slow");
      await new Promise((r) => setTimeout(r, slow ? 150 : 15));
      active--;
      if (new URL(request.url).pathname === "/boom") throw new Error("loader failed");
      return new Response("<html><head></head><body>ok</body></html>", {
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    },
    firstVisit: { cookies: () => [], onlyGuestCookie: () => false, variant: () => "all" },
  };
  return { entry: { module } } as unknown as ServerBuild;
}

beforeAll(async () => {
  await mountStorefront(app, {
    services: {} as never,
    onCatalogChange: () => () => {},
    build: async () => fakeBuild(),
    mode: "production",
    serveAssets: false,
    publicUrl: "http://localhost:3000",
    pageCacheMs: 0,
    renderConcurrency: 2,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => app.close());

const base = () => {
  const a = app.server.address();
  if (!a || typeof a === "string") throw new Error("not listening");
  return `http://127.0.0.1:${a.port}`;
};

describe("page renders and the render gate", () => {
  it("twelve requests at once: all answered, never more than two rendering", async () => {
    peak = 0;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => fetch(`${base()}/page-${i}`).then((r) => r.status)),
    );
    expect(answers).toEqual(Array(12).fill(200));
    expect(peak).toBe(2);
  });

  // With leaked places the next pages would wait for the 5 s hold limit: past this test's time.
  it("renders that throw give their places back", { timeout: 2_000 }, async () => {
    const failed = await Promise.all([1, 2, 3].map(() => fetch(`${base()}/boom`)));
    expect(failed.every((r) => r.status >= 500)).toBe(true);
    const after = await Promise.all([1, 2].map(() => fetch(`${base()}/fine`)));
    expect(after.map((r) => r.status)).toEqual([200, 200]);
  });

  it("a visitor who leaves while waiting in line is not rendered for", async () => {
    renders = 0;
    const first = [1, 2].map((i) => fetch(`${base()}/slow-${i}`));
    await new Promise((r) => setTimeout(r, 20));
    const left = [3, 4, 5, 6].map((i) => {
      const stop = new AbortController();
      const res = fetch(`${base()}/slow-${i}`, { signal: stop.signal }).catch(() => "aborted");
      setTimeout(() => stop.abort(), 20);
      return res;
    });
    expect(await Promise.all(left)).toEqual(Array(4).fill("aborted"));
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
    expect((await fetch(`${base()}/after`)).status).toBe(200);
    // The two at the front and the one after; none of the four that left.
    expect(renders).toBe(3);
  });
});
