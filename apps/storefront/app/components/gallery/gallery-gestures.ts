import {
  clampView,
  dampedDrag,
  distance,
  doubleTapView,
  IDENTITY,
  isDoubleTap,
  midpoint,
  type Point,
  swipeTarget,
  type Tap,
  type View,
  wheelView,
  type ZoomRange,
  zoomTo,
} from "./gallery-math";

/** What the gallery records of a pointer or wheel event, so it can be handled after loading. */
export type GalleryInput =
  | {
      kind: "down" | "move" | "up" | "cancel";
      pointerId: number;
      x: number;
      y: number;
      time: number;
    }
  | { kind: "wheel"; deltaY: number; x: number; y: number };

/** The gallery's state as the gestures see and change it; `live` is current between renders. */
export type GalleryControl = {
  frame: { current: HTMLElement | null };
  live: { current: { index: number; view: View; count: number; range: ZoomRange } };
  setView: (view: View) => void;
  setDrag: (px: number) => void;
  go: (index: number) => void;
};

type Gesture =
  | { kind: "none" }
  | { kind: "swipe"; start: Point; moved: boolean }
  | { kind: "pan"; start: Point; from: View; moved: boolean }
  | { kind: "pinch"; startDistance: number; from: View };

/** A tap moves less than this; anything more is a drag. */
const TAP_SLOP_PX = 10;

/**
 * Swipe moves between images while not zoomed; pinch, wheel and double tap zoom; a drag pans
 * while zoomed (and never swipes). Loaded on the gallery's first touch or when the browser is
 * idle, so none of it is in the product page's first download.
 */
export function createGestures(gallery: GalleryControl) {
  const pointers = new Map<number, Point>();
  let gesture: Gesture = { kind: "none" };
  let lastTap: Tap | null = null;

  const size = () => {
    const box = gallery.frame.current?.getBoundingClientRect();
    return {
      width: box?.width ?? 1,
      height: box?.height ?? 1,
      left: box?.left ?? 0,
      top: box?.top ?? 0,
    };
  };
  /** A client point relative to the frame's centre, the origin the zoom maths uses. */
  const local = (p: Point): Point => {
    const s = size();
    return { x: p.x - s.left - s.width / 2, y: p.y - s.top - s.height / 2 };
  };

  const down = (id: number, p: Point) => {
    const state = gallery.live.current;
    pointers.set(id, p);
    const points = [...pointers.values()];
    const view = state.view;
    if (points.length === 2 && points[0] && points[1]) {
      gesture = { kind: "pinch", startDistance: distance(points[0], points[1]), from: view };
      gallery.setDrag(0);
    } else if (points.length === 1) {
      gesture =
        view.scale > state.range.min
          ? { kind: "pan", start: p, from: view, moved: false }
          : { kind: "swipe", start: p, moved: false };
    }
  };

  const move = (id: number, p: Point) => {
    const state = gallery.live.current;
    if (!pointers.has(id)) return;
    pointers.set(id, p);
    const g = gesture;
    const s = size();
    if (g.kind === "pinch") {
      const [a, b] = [...pointers.values()];
      if (!a || !b) return;
      const scale = (g.from.scale * distance(a, b)) / Math.max(1, g.startDistance);
      gallery.setView(zoomTo(g.from, scale, local(midpoint(a, b)), state.range, s));
    } else if (g.kind === "pan") {
      const dx = p.x - g.start.x;
      const dy = p.y - g.start.y;
      if (Math.hypot(dx, dy) > TAP_SLOP_PX) g.moved = true;
      gallery.setView(clampView({ ...g.from, x: g.from.x + dx, y: g.from.y + dy }, s));
    } else if (g.kind === "swipe") {
      const dx = p.x - g.start.x;
      if (Math.abs(dx) > TAP_SLOP_PX) g.moved = true;
      if (g.moved) gallery.setDrag(dampedDrag(dx, state.index, state.count));
    }
  };

  const up = (id: number, p: Point, time: number, cancelled: boolean) => {
    const state = gallery.live.current;
    if (!pointers.has(id)) return;
    pointers.delete(id);
    const g = gesture;
    gesture = { kind: "none" };
    if (g.kind === "pinch") {
      // Lifting one finger of a pinch ends it; the remaining finger starts nothing new.
      if (state.view.scale <= state.range.min) gallery.setView(IDENTITY);
      return;
    }
    if (cancelled) {
      gallery.setDrag(0);
      return;
    }
    if (g.kind === "swipe" && g.moved) {
      gallery.go(swipeTarget(p.x - g.start.x, size().width, state.index, state.count));
      return;
    }
    if ((g.kind === "swipe" || g.kind === "pan") && !g.moved) {
      const tap = { time, point: p };
      if (isDoubleTap(lastTap, tap)) {
        lastTap = null;
        gallery.setView(doubleTapView(state.view, local(p), state.range, size()));
      } else {
        lastTap = tap;
      }
    }
  };

  return (input: GalleryInput) => {
    const state = gallery.live.current;
    const p = { x: input.x, y: input.y };
    switch (input.kind) {
      case "down":
        return down(input.pointerId, p);
      case "move":
        return move(input.pointerId, p);
      case "up":
      case "cancel":
        return up(input.pointerId, p, input.time, input.kind === "cancel");
      case "wheel":
        if (input.deltaY === 0) return;
        return gallery.setView(wheelView(state.view, input.deltaY, local(p), state.range, size()));
    }
  };
}
