/**
 * The pure geometry behind swipe, zoom and pan. The gesture code only feeds pointer positions
 * in; everything that decides is here and unit-tested.
 */
import { IDENTITY, type Point, type View, type ZoomRange } from "./gallery-settings";

export {
  GALLERY,
  IDENTITY,
  type Point,
  type View,
  type ZoomRange,
  zoomRange,
} from "./gallery-settings";

/** The gestures' numbers (spec §4 and §9). */
export const GESTURES = {
  doubleTapZoom: 3,
  doubleTapMs: 300,
  /** How far apart two taps may land and still count as a double tap. */
  doubleTapSlopPx: 30,
  wheelFactor: 1.25,
  minSwipePx: 50,
  minSwipeShare: 0.1,
  /** Share of the drag that still moves the track past the first or last image. */
  edgeDamping: 0.3,
} as const;

export const swipeThreshold = (width: number) =>
  Math.max(GESTURES.minSwipePx, GESTURES.minSwipeShare * width);

/** The track's drag offset: followed 1:1, except past the first or last image where it resists. */
export function dampedDrag(dx: number, index: number, count: number): number {
  const pastStart = index === 0 && dx > 0;
  const pastEnd = index === count - 1 && dx < 0;
  return pastStart || pastEnd ? dx * GESTURES.edgeDamping : dx;
}

/** Where a finished swipe lands: the neighbour once past the threshold, else back where it was. */
export function swipeTarget(dx: number, width: number, index: number, count: number): number {
  if (Math.abs(dx) <= swipeThreshold(width)) return index;
  const next = dx < 0 ? index + 1 : index - 1;
  return Math.min(count - 1, Math.max(0, next));
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Keeps a zoomed image covering its frame: the pan may not reveal space beside it. */
export function clampView(view: View, size: { width: number; height: number }): View {
  if (view.scale <= 1) return IDENTITY;
  const maxX = ((view.scale - 1) * size.width) / 2;
  const maxY = ((view.scale - 1) * size.height) / 2;
  return { scale: view.scale, x: clamp(view.x, -maxX, maxX), y: clamp(view.y, -maxY, maxY) };
}

/**
 * Zooms to `scale` keeping the image point under `at` (relative to the frame's centre) in place,
 * the way a pinch or a wheel turn feels natural.
 */
export function zoomTo(
  view: View,
  scale: number,
  at: Point,
  range: ZoomRange,
  size: { width: number; height: number },
): View {
  const next = clamp(scale, range.min, range.max);
  const ratio = next / view.scale;
  return clampView(
    { scale: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio },
    size,
  );
}

/** A double tap: zoom to 3× (or the range's maximum if smaller) at the tap; when zoomed, reset. */
export function doubleTapView(
  view: View,
  at: Point,
  range: ZoomRange,
  size: { width: number; height: number },
): View {
  if (view.scale > range.min) return IDENTITY;
  return zoomTo(view, Math.min(GESTURES.doubleTapZoom, range.max), at, range, size);
}

/** One wheel notch: ×1.25 towards the reader (deltaY < 0), ÷1.25 away. */
export function wheelView(
  view: View,
  deltaY: number,
  at: Point,
  range: ZoomRange,
  size: { width: number; height: number },
): View {
  const factor = deltaY < 0 ? GESTURES.wheelFactor : 1 / GESTURES.wheelFactor;
  return zoomTo(view, view.scale * factor, at, range, size);
}

export type Tap = { time: number; point: Point };

/** Whether `tap` completes a double tap begun by `previous`. */
export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  if (!previous) return false;
  const close =
    Math.hypot(tap.point.x - previous.point.x, tap.point.y - previous.point.y) <=
    GESTURES.doubleTapSlopPx;
  return close && tap.time - previous.time <= GESTURES.doubleTapMs;
}

export const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
export const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
