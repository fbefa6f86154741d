import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A page element as the fake observer sees it: its top and height in page pixels. */
type Box = { top: number; height: number };

const VIEWPORT = 800;

/**
 * An IntersectionObserver for the page's viewport that applies the rootMargin as a browser
 * does: each side grows the viewport, percentages of its height for top and bottom.
 */
class FakeObserver {
  static made: FakeObserver[] = [];
  readonly watched = new Set<Box>();
  readonly callback: (entries: { target: Box; isIntersecting: boolean }[]) => void;
  readonly options: IntersectionObserverInit;
  constructor(callback: FakeObserver["callback"], options: IntersectionObserverInit = {}) {
    this.callback = callback;
    this.options = options;
    FakeObserver.made.push(this);
  }
  observe(target: Box) {
    this.watched.add(target);
  }
  unobserve(target: Box) {
    this.watched.delete(target);
  }
  disconnect() {
    this.watched.clear();
  }
  /** What the browser reports once the page is scrolled to `scrollY`. */
  scrollTo(scrollY: number) {
    const [top = "0px", , bottom = top] = (this.options.rootMargin ?? "0px").split(/\s+/);
    const px = (value: string) =>
      value.endsWith("%") ? (Number.parseFloat(value) / 100) * VIEWPORT : Number.parseFloat(value);
    const from = scrollY - px(top);
    const to = scrollY + VIEWPORT + px(bottom);
    const entries = [...this.watched].map((target) => ({
      target,
      isIntersecting: target.top < to && target.top + target.height > from,
    }));
    if (entries.length > 0) this.callback(entries);
  }
}

async function load() {
  // The module keeps one observer for the page: a fresh copy per test.
  vi.resetModules();
  return (await import("./near-viewport")).watchNearViewport;
}

const watch = (watchNearViewport: Awaited<ReturnType<typeof load>>, box: Box) => {
  const onNear = vi.fn();
  watchNearViewport(box as unknown as Element, onNear);
  return onNear;
};

describe("watchNearViewport (spec §9 preload 1.3 × viewport)", () => {
  beforeEach(() => {
    FakeObserver.made = [];
    vi.stubGlobal("IntersectionObserver", FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("counts an image as near within 1.3 viewports below the top, and not past that", async () => {
    const watchNearViewport = await load();
    const inside = watch(watchNearViewport, { top: 1_030, height: 200 }); // starts at 1.29 viewports
    const beyond = watch(watchNearViewport, { top: 1_050, height: 200 }); // starts at 1.31 viewports
    FakeObserver.made[0]?.scrollTo(0);
    expect(inside).toHaveBeenCalledOnce();
    expect(beyond).not.toHaveBeenCalled();
    FakeObserver.made[0]?.scrollTo(30);
    expect(beyond).toHaveBeenCalledOnce();
  });

  it("extends the viewport by 30% above too, for images scrolled past", async () => {
    const watchNearViewport = await load();
    const justAbove = watch(watchNearViewport, { top: 1_600, height: 170 }); // ends 230 px above
    const farAbove = watch(watchNearViewport, { top: 1_600, height: 150 }); // ends 250 px above
    FakeObserver.made[0]?.scrollTo(2_000);
    expect(justAbove).toHaveBeenCalledOnce();
    expect(farAbove).not.toHaveBeenCalled();
  });

  it("shares one observer and reports each image once", async () => {
    const watchNearViewport = await load();
    const first = watch(watchNearViewport, { top: 100, height: 200 });
    const second = watch(watchNearViewport, { top: 5_000, height: 200 });
    const observer = FakeObserver.made[0];
    observer?.scrollTo(0);
    observer?.scrollTo(5_000);
    observer?.scrollTo(0);
    expect(FakeObserver.made).toHaveLength(1);
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
    expect(observer?.watched.size).toBe(0);
  });

  it("loads at once where there is no IntersectionObserver", async () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    const watchNearViewport = await load();
    expect(watch(watchNearViewport, { top: 9_000, height: 200 })).toHaveBeenCalledOnce();
  });
});
