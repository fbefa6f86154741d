import type { ProductList } from "@maidan/contracts/catalog";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InfiniteProducts } from "./infinite-products";

const sentinel = { id: "sentinel" };

// Effects run during the server render, and the grid's sentinel ref holds a stand-in element:
// the one render then wires up the observer as the mounted listing does.
vi.mock("react", async (importOriginal) => ({
  ...(await importOriginal<typeof import("react")>()),
  useEffect: (effect: () => void) => void effect(),
  useRef: (initial: unknown) => ({ current: initial === null ? sentinel : initial }),
}));

type Entries = { isIntersecting: boolean }[];
let onEntries: (entries: Entries) => void = () => {};
const observed: unknown[] = [];
const loads: number[] = [];

const list: ProductList = {
  items: [],
  total: 200,
  page: 1,
  limit: 20,
  pages: 10,
  sort: "newest",
  facets: {
    subcategories: [],
    brands: [],
    vendors: [],
    sizes: [],
    colors: [],
    price: { min: 0, max: 0 },
    inStock: 0,
    onSale: 0,
  },
};

function mount() {
  renderToStaticMarkup(
    <MemoryRouter>
      <InfiniteProducts list={list} apiHref={(page) => `/api/products?page=${page}`} empty="" />
    </MemoryRouter>,
  );
}

let start = 0;

/** The sentinel's observer reports it in view (or not) at `ms` after the start. */
async function report(ms: number, isIntersecting = true) {
  await vi.advanceTimersByTimeAsync(ms - (Date.now() - start));
  onEntries([{ isIntersecting }]);
}

describe("InfiniteProducts (spec §9 infinite-scroll throttle 200 ms)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
    observed.length = 0;
    loads.length = 0;
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: (entries: Entries) => void) {
          onEntries = callback;
        }
        observe(el: unknown) {
          observed.push(el);
        }
        disconnect() {}
      },
    );
    // Never answers. State set after a server render is dropped, so the observer stays
    // connected and every report reaches the throttle, as a new observer's does after a load.
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) => {
        loads.push(Date.now() - start);
        expect(url).toBe("/api/products?page=2");
        return new Promise(() => {});
      }),
    );
    mount();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("loads the next page as soon as the end of the grid comes near", () => {
    expect(observed).toEqual([sentinel]);
    onEntries([{ isIntersecting: true }]);
    expect(loads).toEqual([0]);
  });

  it("loads at most once per 200 ms under a burst of reports", async () => {
    for (let ms = 0; ms <= 1_000; ms += 20) await report(ms);
    expect(loads).toEqual([0, 200, 400, 600, 800, 1_000]);
  });

  it("drops a waiting load when the end of the grid leaves the view", async () => {
    await report(0);
    await report(50);
    await report(100, false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(loads).toEqual([0]);
  });
});
