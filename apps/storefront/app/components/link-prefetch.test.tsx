import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const loaded = vi.fn();
const FakePrefetcher = () => null;

// Effects run during the server render here, so the one render is also the page's first mount.
vi.mock("react", async (importOriginal) => ({
  ...(await importOriginal<typeof import("react")>()),
  useEffect: (effect: () => void) => void effect(),
}));

async function mount() {
  const { LinkPrefetch } = await import("./link-prefetch");
  renderToStaticMarkup(<LinkPrefetch />);
}

describe("LinkPrefetch (spec §9 link prefetch idle timeout 2000 ms)", () => {
  beforeEach(() => {
    vi.resetModules();
    loaded.mockClear();
    // Stands in for the prefetcher's chunk: records when the page fetches it.
    vi.doMock("./idle-parts", () => {
      loaded();
      return { IdleParts: FakePrefetcher };
    });
    vi.stubGlobal("window", globalThis);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("asks requestIdleCallback for an idle moment within 2000 ms, then loads the prefetcher", async () => {
    const requestIdleCallback = vi.fn();
    vi.stubGlobal("requestIdleCallback", requestIdleCallback);
    await mount();
    expect(requestIdleCallback).toHaveBeenCalledOnce();
    const [whenIdle, options] = requestIdleCallback.mock.calls[0] ?? [];
    expect(options).toEqual({ timeout: 2000 });
    expect(loaded).not.toHaveBeenCalled();
    whenIdle();
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledOnce());
  });

  it("without requestIdleCallback, loads the prefetcher 2000 ms after the first render", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await mount();
    await vi.advanceTimersByTimeAsync(1999);
    expect(vi.getTimerCount()).toBe(1);
    expect(loaded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(vi.getTimerCount()).toBe(0);
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledOnce());
  });
});
