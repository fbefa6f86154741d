/**
 * The gallery's numbers the page needs to render (spec §4 and §9), its types and the zoom
 * range. The gestures' own numbers live with the geometry in gallery-math.ts, which loads with
 * the gesture code once a finger or the mouse touches the gallery.
 */
export const GALLERY = {
  maxZoom: 10,
  defaultRange: { min: 1, max: 5 },
  slideMs: 400,
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
