import { describe, expect, it } from "vitest";
import {
  clampView,
  dampedDrag,
  doubleTapView,
  GESTURES,
  IDENTITY,
  isDoubleTap,
  swipeTarget,
  swipeThreshold,
  wheelView,
  zoomRange,
  zoomTo,
} from "./gallery-math";

const size = { width: 400, height: 400 };
const centre = { x: 0, y: 0 };

describe("swipe", () => {
  it("needs the larger of 50 px and 10% of the width", () => {
    expect(swipeThreshold(360)).toBe(50);
    expect(swipeThreshold(1000)).toBe(100);
  });

  it("moves to the neighbour only past the threshold", () => {
    expect(swipeTarget(-49, 360, 1, 4)).toBe(1);
    expect(swipeTarget(-51, 360, 1, 4)).toBe(2);
    expect(swipeTarget(51, 360, 1, 4)).toBe(0);
    expect(swipeTarget(-99, 1000, 1, 4)).toBe(1);
    expect(swipeTarget(-101, 1000, 1, 4)).toBe(2);
  });

  it("stays on the first and last image, and damps the drag past them", () => {
    expect(swipeTarget(200, 360, 0, 4)).toBe(0);
    expect(swipeTarget(-200, 360, 3, 4)).toBe(3);
    expect(dampedDrag(100, 0, 4)).toBeCloseTo(100 * GESTURES.edgeDamping);
    expect(dampedDrag(-100, 3, 4)).toBeCloseTo(-100 * GESTURES.edgeDamping);
    expect(dampedDrag(-100, 0, 4)).toBe(-100);
    expect(dampedDrag(100, 3, 4)).toBe(100);
  });
});

describe("zoom", () => {
  it("defaults to the range 1–5 and never goes past 10", () => {
    expect(zoomRange()).toEqual({ min: 1, max: 5 });
    expect(zoomRange({ max: 20 })).toEqual({ min: 1, max: 10 });
    expect(zoomRange({ min: 0.2, max: 2 })).toEqual({ min: 1, max: 2 });
  });

  it("double tap zooms to 3×, or the maximum when it is smaller, and a second one resets", () => {
    const zoomed = doubleTapView(IDENTITY, centre, zoomRange(), size);
    expect(zoomed.scale).toBe(3);
    expect(doubleTapView(zoomed, centre, zoomRange(), size)).toEqual(IDENTITY);
    expect(doubleTapView(IDENTITY, centre, zoomRange({ max: 2 }), size).scale).toBe(2);
  });

  it("keeps the tapped point in place", () => {
    const zoomed = doubleTapView(IDENTITY, { x: 100, y: -50 }, zoomRange(), size);
    // The image point at (100,-50) before is at (100 - x)/scale ... and maps back to (100,-50).
    expect((100 - zoomed.x) / zoomed.scale).toBeCloseTo(100);
    expect((-50 - zoomed.y) / zoomed.scale).toBeCloseTo(-50);
  });

  it("wheel steps by 1.25 and stays within the range", () => {
    expect(wheelView(IDENTITY, -1, centre, zoomRange(), size).scale).toBeCloseTo(1.25);
    expect(wheelView({ scale: 2.5, x: 0, y: 0 }, 1, centre, zoomRange(), size).scale).toBe(2);
    expect(wheelView({ scale: 5, x: 0, y: 0 }, -1, centre, zoomRange(), size).scale).toBe(5);
    expect(wheelView(IDENTITY, 1, centre, zoomRange(), size)).toEqual(IDENTITY);
  });

  it("pans no further than the zoomed image's edge", () => {
    expect(clampView({ scale: 3, x: 9999, y: -9999 }, size)).toEqual({ scale: 3, x: 400, y: -400 });
    expect(zoomTo(IDENTITY, 1, { x: 50, y: 50 }, zoomRange(), size)).toEqual(IDENTITY);
  });
});

describe("double tap detection", () => {
  const tap = (time: number, x = 10) => ({ time, point: { x, y: 10 } });
  it("counts two taps within 300 ms and close together", () => {
    expect(isDoubleTap(tap(0), tap(300))).toBe(true);
    expect(isDoubleTap(tap(0), tap(301))).toBe(false);
    expect(isDoubleTap(tap(0), tap(100, 200))).toBe(false);
    expect(isDoubleTap(null, tap(0))).toBe(false);
  });
});
