/**
 * The gallery's numbers (spec §4 and §9), its types and the zoom range. Kept apart from the
 * geometry in gallery-math.ts: the page needs these to render, the geometry only once a finger
 * or the mouse touches the gallery (it loads with the gesture code).
 */
export const GALLERY = {
  maxZoom: 10,
  defaultRange: { min: 1, max: 5 },
  doubleTapZoom: 3,
  doubleTapMs: 300,
  /** How far apart two taps may land and still count as a double tap. */
  doubleTapSlopPx: 30,
  wheelFactor: 1.25,
  slideMs: 400,
  minSwipePx: 50,
  minSwipeShare: 0.1,
  /** Share of the drag that still moves the track past the first or last image. */
  edgeDamping: 0.3,
} as const;

export type ZoomRange = { min: number; max: number };
export type Point = { x: number; y: number };
/** Scale plus pan, the pan in CSS pixels from the slide's centre (transform-origin: center). */
export type View = { scale: number; x: number; y: number };

export const IDENTITY: View = { scale: 1, x: 0, y: 0 };

/** The range actually used: never below 1 nor above the gallery's maximum of 10. */
export function zoomRange(range: Partial<ZoomRange> = {}): ZoomRange {
  const min = Math.max(1, range.min ?? GALLERY.defaultRange.min);
  const max = Math.min(GALLERY.maxZoom, Math.max(min, range.max ?? GALLERY.defaultRange.max));
  return { min, max };
}
