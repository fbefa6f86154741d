import { type RefObject, useEffect, useRef, useState } from "react";
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

type Gesture =
  | { kind: "none" }
  | { kind: "swipe"; start: Point; moved: boolean }
  | { kind: "pan"; start: Point; from: View; moved: boolean }
  | { kind: "pinch"; startDistance: number; from: View };

/** A tap moves less than this; anything more is a drag. */
const TAP_SLOP_PX = 10;

/**
 * Pointer, wheel and keyboard handling for the gallery frame. Swipe moves between images while
 * not zoomed; pinch, wheel and double tap zoom; a drag pans while zoomed (and never swipes).
 */
export function useGalleryGestures(
  frame: RefObject<HTMLDivElement | null>,
  count: number,
  range: ZoomRange,
) {
  const [index, setIndex] = useState(0);
  const [drag, setDrag] = useState(0);
  const [view, setView] = useState<View>(IDENTITY);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>({ kind: "none" });
  const lastTap = useRef<Tap | null>(null);
  const state = useRef({ index, view });
  state.current = { index, view };

  const size = () => {
    const box = frame.current?.getBoundingClientRect();
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

  const go = (next: number) => {
    setIndex(Math.min(count - 1, Math.max(0, next)));
    setView(IDENTITY);
    setDrag(0);
  };

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    const p = { x: e.clientX, y: e.clientY };
    pointers.current.set(e.pointerId, p);
    const points = [...pointers.current.values()];
    const { view } = state.current;
    if (points.length === 2 && points[0] && points[1]) {
      gesture.current = {
        kind: "pinch",
        startDistance: distance(points[0], points[1]),
        from: view,
      };
      setDrag(0);
    } else if (points.length === 1) {
      gesture.current =
        view.scale > range.min
          ? { kind: "pan", start: p, from: view, moved: false }
          : { kind: "swipe", start: p, moved: false };
    }
  };

  const onPointerMove = (e: React.PointerEvent) => {
    if (!pointers.current.has(e.pointerId)) return;
    const p = { x: e.clientX, y: e.clientY };
    pointers.current.set(e.pointerId, p);
    const g = gesture.current;
    const s = size();
    if (g.kind === "pinch") {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const scale = (g.from.scale * distance(a, b)) / Math.max(1, g.startDistance);
      setView(zoomTo(g.from, scale, local(midpoint(a, b)), range, s));
    } else if (g.kind === "pan") {
      const dx = p.x - g.start.x;
      const dy = p.y - g.start.y;
      if (Math.hypot(dx, dy) > TAP_SLOP_PX) g.moved = true;
      setView(clampView({ ...g.from, x: g.from.x + dx, y: g.from.y + dy }, s));
    } else if (g.kind === "swipe") {
      const dx = p.x - g.start.x;
      if (Math.abs(dx) > TAP_SLOP_PX) g.moved = true;
      if (g.moved) setDrag(dampedDrag(dx, state.current.index, count));
    }
  };

  const onPointerUp = (e: React.PointerEvent) => {
    const start = pointers.current.get(e.pointerId);
    if (!start) return;
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    const p = { x: e.clientX, y: e.clientY };
    if (g.kind === "pinch") {
      // Lifting one finger of a pinch ends it; the remaining finger starts nothing new.
      gesture.current = { kind: "none" };
      if (state.current.view.scale <= range.min) setView(IDENTITY);
      return;
    }
    gesture.current = { kind: "none" };
    if (e.type === "pointercancel") {
      setDrag(0);
      return;
    }
    if (g.kind === "swipe" && g.moved) {
      go(swipeTarget(p.x - g.start.x, size().width, state.current.index, count));
      return;
    }
    if ((g.kind === "swipe" || g.kind === "pan") && !g.moved) {
      const tap = { time: e.timeStamp, point: p };
      if (isDoubleTap(lastTap.current, tap)) {
        lastTap.current = null;
        setView(doubleTapView(state.current.view, local(p), range, size()));
      } else {
        lastTap.current = tap;
      }
    }
  };

  // Wheel zoom must cancel page scrolling, which React's passive wheel listener cannot do.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY === 0) return;
      e.preventDefault();
      const s = el.getBoundingClientRect();
      const at = { x: e.clientX - s.left - s.width / 2, y: e.clientY - s.top - s.height / 2 };
      setView((v) => wheelView(v, e.deltaY, at, range, s));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [frame, range]);

  return {
    index,
    drag,
    view,
    go,
    dragging: gesture.current.kind === "swipe" && drag !== 0,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
    },
  };
}
