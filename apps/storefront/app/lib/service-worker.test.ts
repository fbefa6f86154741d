import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CACHES } from "../../public/sw-strategy.js";

const origin = "https://maidan.pk";

/** A Cache as the service worker uses it: entries in the order they were stored. */
class FakeCache {
  readonly entries = new Map<string, Response>();
  async match(request: Request) {
    return this.entries.get(request.url)?.clone();
  }
  async put(request: Request, response: Response) {
    // A new response for a kept address counts as the newest, as in a real Cache.
    this.entries.delete(request.url);
    this.entries.set(request.url, response);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(request: Request) {
    return this.entries.delete(request.url);
  }
}

const stores = new Map<string, FakeCache>();
const listeners = new Map<string, (event: unknown) => void>();
const network = vi.fn(async (_request: Request) => new Response("image bytes"));

beforeAll(async () => {
  vi.stubGlobal("self", {
    location: { origin },
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
  });
  vi.stubGlobal("caches", {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new FakeCache());
      return stores.get(name);
    },
  });
  vi.stubGlobal("fetch", network);
  // The worker itself, as the browser runs it (a path TypeScript does not follow: it is JS).
  const worker = "../../public/sw.js";
  await import(/* @vite-ignore */ worker);
});
afterAll(() => vi.unstubAllGlobals());

/** Fetches `path` through the worker's fetch handler, as a page's <img> would. */
async function get(path: string) {
  let answer: Promise<Response> | undefined;
  listeners.get("fetch")?.({
    request: new Request(`${origin}${path}`),
    respondWith: (response: Promise<Response>) => {
      answer = response;
    },
  });
  return answer;
}

const image = (n: number) => `/img/320/products/shoe-${n}.avif`;
const kept = () => [...(stores.get(CACHES.images)?.entries.keys() ?? [])];

describe("service worker image cache (spec §9 cache 200)", () => {
  beforeEach(() => {
    stores.clear();
    network.mockClear();
  });

  it("keeps the 200 most recently stored images and drops the oldest past that", async () => {
    for (let n = 1; n <= 201; n++) await get(image(n));
    expect(network).toHaveBeenCalledTimes(201);
    expect(kept()).toHaveLength(200);
    expect(kept()).not.toContain(`${origin}${image(1)}`);
    expect(kept()[0]).toBe(`${origin}${image(2)}`);
    expect(kept()[199]).toBe(`${origin}${image(201)}`);

    // The dropped image comes from the network again and pushes out the next oldest.
    await get(image(1));
    expect(network).toHaveBeenCalledTimes(202);
    expect(kept()).toHaveLength(200);
    expect(kept()).not.toContain(`${origin}${image(2)}`);
    expect(kept()).toContain(`${origin}${image(1)}`);
  });

  it("answers a kept image from the cache without the network", async () => {
    for (let n = 1; n <= 200; n++) await get(image(n));
    network.mockClear();
    const answer = await get(image(150));
    expect(await answer?.text()).toBe("image bytes");
    expect(network).not.toHaveBeenCalled();
    expect(kept()).toHaveLength(200);
  });
});
