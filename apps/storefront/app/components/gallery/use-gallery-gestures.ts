import { type RefObject, useEffect, useRef, useState } from "react";
import type { GalleryControl, GalleryInput } from "./gallery-gestures";
import { IDENTITY, type View, type ZoomRange } from "./gallery-settings";

type Handle = (input: GalleryInput) => void;

/**
 * The gallery's state (image, drag offset, zoom) and its pointer and wheel wiring. The gesture
 * code itself (gallery-gestures.ts) is fetched when the browser is idle or on the first touch,
 * whichever comes first; input that arrives meanwhile is kept and replayed in order, so a swipe
 * or double tap made before it has loaded still counts.
 */
export function useGalleryGestures(
  frame: RefObject<HTMLDivElement | null>,
  count: number,
  range: ZoomRange,
) {
  const [index, setIndex] = useState(0);
  const [drag, setDrag] = useState(0);
  const [view, setView] = useState<View>(IDENTITY);
  // What the gestures read between renders: updated by each render and at once by each change.
  const live = useRef({ index, view, count, range });
  live.current = { index, view, count, range };
  // The gesture handler once loaded; until then, the input waiting for it.
  const gestures = useRef<Handle | GalleryInput[] | null>(null);

  const go = (next: number) => {
    const target = Math.min(live.current.count - 1, Math.max(0, next));
    live.current = { ...live.current, index: target, view: IDENTITY };
    setIndex(target);
    setView(IDENTITY);
    setDrag(0);
  };
  const control: GalleryControl = {
    frame,
    live,
    setView: (next: View) => {
      live.current = { ...live.current, view: next };
      setView(next);
    },
    setDrag,
    go,
  };

  /** Hands `input` to the gestures, loading them first if needed (no input: just load). */
  const feed = (input?: GalleryInput) => {
    const current = gestures.current;
    if (typeof current === "function") return input && current(input);
    if (current) return input && current.push(input);
    const queue = input ? [input] : [];
    gestures.current = queue;
    import("./gallery-gestures").then(
      ({ createGestures }) => {
        // `control` reads the refs and React's stable setters, so any render's copy will do.
        const handle = createGestures(control);
        gestures.current = handle;
        for (const waiting of queue) handle(waiting);
      },
      // Offline or a stale deploy: drop what was kept; the next touch tries again.
      () => {
        gestures.current = null;
      },
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: feed reads refs only
  useEffect(() => {
    const el = frame.current;
    // Wheel zoom must cancel page scrolling, which React's passive wheel listener cannot do.
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY === 0) return;
      e.preventDefault();
      feed({ kind: "wheel", deltaY: e.deltaY, x: e.clientX, y: e.clientY });
    };
    el?.addEventListener("wheel", onWheel, { passive: false });
    // Safari has no requestIdleCallback: a timer stands in.
    const idle = typeof requestIdleCallback === "function";
    const id = idle
      ? requestIdleCallback(() => feed(), { timeout: 4000 })
      : window.setTimeout(feed, 2000);
    return () => {
      el?.removeEventListener("wheel", onWheel);
      if (idle) cancelIdleCallback(id);
      else window.clearTimeout(id);
    };
  }, [frame]);

  const pointer =
    (kind: "down" | "move" | "up" | "cancel") =>
    (e: React.PointerEvent): void => {
      if (kind === "down") {
        if (e.pointerType === "mouse" && e.button !== 0) return;
        (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
      }
      feed({ kind, pointerId: e.pointerId, x: e.clientX, y: e.clientY, time: e.timeStamp });
    };

  return {
    index,
    drag,
    view,
    go,
    dragging: drag !== 0,
    handlers: {
      onPointerDown: pointer("down"),
      onPointerMove: pointer("move"),
      onPointerUp: pointer("up"),
      onPointerCancel: pointer("cancel"),
    },
  };
}
