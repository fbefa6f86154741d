import { type RefObject, useEffect, useRef, useState } from "react";
import type { CarouselEdges, CarouselEngine } from "./carousel-engine";
import type { CarouselLayout } from "./carousel-settings";

type Action = "prev" | "next";

/**
 * A server-rendered row (CSS scroll snapping: it swipes without JavaScript) that the carousel
 * library takes over when the browser is idle or on the first touch, focus or button press,
 * whichever comes first. A button pressed before the library has arrived is kept and replayed.
 */
export function useCarousel(
  viewport: RefObject<HTMLDivElement | null>,
  layout: CarouselLayout,
  count: number,
) {
  const [edges, setEdges] = useState<CarouselEdges>({ atStart: true, atEnd: count <= 1 });
  const [ready, setReady] = useState(false);
  // The engine once started; until then, the button presses waiting for it.
  const engine = useRef<CarouselEngine | Action[] | null>(null);
  const touching = useRef(false);
  // Bumped on unmount: an engine that arrives for an older mount is stopped at once.
  const mount = useRef(0);

  const feed = (action?: Action) => {
    const current = engine.current;
    if (current && !Array.isArray(current)) return action && current[action]();
    if (current) return action && current.push(action);
    const el = viewport.current;
    if (!el) return;
    const queue: Action[] = action ? [action] : [];
    const mine = mount.current;
    engine.current = queue;
    import("./carousel-engine")
      .then(({ startCarousel }) => startCarousel(el, layout, setEdges, () => touching.current))
      .then(
        (started) => {
          if (mine !== mount.current) return started.destroy();
          engine.current = started;
          setReady(true);
          for (const waiting of queue) started[waiting]();
        },
        // Offline or a stale deploy: the row keeps scrolling natively; the next touch retries.
        () => {
          if (mine === mount.current) engine.current = null;
        },
      );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: feed reads refs only
  useEffect(() => {
    const el = viewport.current;
    const down = () => {
      touching.current = true;
      feed();
    };
    const up = () => {
      touching.current = false;
    };
    const opts = { passive: true } as const;
    el?.addEventListener("pointerdown", down, opts);
    el?.addEventListener("focusin", down, opts);
    window.addEventListener("pointerup", up, opts);
    window.addEventListener("pointercancel", up, opts);
    el?.addEventListener("touchend", up, opts);
    // Safari has no requestIdleCallback: a timer stands in.
    const idle = typeof requestIdleCallback === "function";
    const id = idle
      ? requestIdleCallback(() => feed(), { timeout: 4000 })
      : window.setTimeout(feed, 2000);
    return () => {
      mount.current++;
      el?.removeEventListener("pointerdown", down);
      el?.removeEventListener("focusin", down);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      el?.removeEventListener("touchend", up);
      if (idle) cancelIdleCallback(id);
      else window.clearTimeout(id);
      const current = engine.current;
      if (current && !Array.isArray(current)) current.destroy();
      engine.current = null;
    };
  }, [viewport, layout]);

  // New slides (a revalidated page): the library measures them again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the slide count changes
  useEffect(() => {
    const current = engine.current;
    if (current && !Array.isArray(current)) current.update();
  }, [count]);

  return { ...edges, ready, prev: () => feed("prev"), next: () => feed("next") };
}
