import { describe, expect, it } from "vitest";
import {
  pageCount,
  pageStart,
  slideWidth,
  startIndexFrom,
  stepAt,
  swiperOptions,
} from "./carousel-math";
import { BANNERS, CAROUSEL, PRODUCT_ROW } from "./carousel-settings";

describe("carousel settings (spec §9)", () => {
  it("defaults to 2 items a page, 500 ms a page change and a minimum swipe of 8 px", () => {
    expect(CAROUSEL).toEqual({ perPage: 2, speedMs: 500, minSwipePx: 8 });
    expect(PRODUCT_ROW.perPage).toBe(2);
    expect(BANNERS.perPage).toBe(1);
  });
});

describe("carousel maths", () => {
  it("picks the page step for a viewport width", () => {
    expect(stepAt(PRODUCT_ROW, 360)).toEqual({ perPage: 2, gapPx: 12 });
    expect(stepAt(PRODUCT_ROW, 599)).toEqual({ perPage: 2, gapPx: 12 });
    expect(stepAt(PRODUCT_ROW, 600)).toEqual({ perPage: 3, gapPx: 16 });
    expect(stepAt(PRODUCT_ROW, 1366)).toEqual({ perPage: 5, gapPx: 20 });
    expect(stepAt(BANNERS, 1366)).toEqual({ perPage: 1, gapPx: 0 });
  });

  it("shares a row between the slides of a page, less the gaps", () => {
    expect(slideWidth(328, 2, 12)).toBe(158);
    expect(slideWidth(1000, 5, 20)).toBe(184);
    expect(slideWidth(800, 1, 0)).toBe(800);
  });

  it("counts pages and finds a page's first item", () => {
    expect(pageCount(12, 2)).toBe(6);
    expect(pageCount(12, 5)).toBe(3);
    expect(pageCount(0, 2)).toBe(1);
    expect([0, 1, 2, 3, 11].map((i) => pageStart(i, 2))).toEqual([0, 0, 2, 2, 10]);
    expect(pageStart(7, 5)).toBe(5);
  });

  it("reads the page a row was scrolled to by hand", () => {
    const phone = { perPage: 2, gapPx: 12 };
    // 158 px slides and 12 px gaps: each item starts 170 px after the one before.
    expect(startIndexFrom(0, 328, phone, 12)).toBe(0);
    expect(startIndexFrom(340, 328, phone, 12)).toBe(2);
    expect(startIndexFrom(335, 328, phone, 12)).toBe(2);
    expect(startIndexFrom(170, 328, phone, 12)).toBe(0);
    expect(startIndexFrom(99_999, 328, phone, 12)).toBe(10);
    expect(startIndexFrom(340, 0, phone, 12)).toBe(0);
  });
});

describe("library options", () => {
  it("turns the settings into the library's options, per breakpoint", () => {
    const o = swiperOptions(PRODUCT_ROW, 4);
    expect(o).toMatchObject({
      slidesPerView: 2,
      slidesPerGroup: 2,
      spaceBetween: 12,
      speed: 500,
      threshold: 8,
      longSwipesRatio: 0,
      initialSlide: 4,
    });
    expect(o.breakpoints).toEqual({
      600: { slidesPerView: 3, slidesPerGroup: 3, spaceBetween: 16 },
      900: { slidesPerView: 4, slidesPerGroup: 4, spaceBetween: 20 },
      1200: { slidesPerView: 5, slidesPerGroup: 5, spaceBetween: 20 },
    });
    expect(swiperOptions(PRODUCT_ROW, 0, true).speed).toBe(0);
    expect(swiperOptions(BANNERS)).toMatchObject({
      slidesPerView: 1,
      slidesPerGroup: 1,
      speed: 500,
      threshold: 8,
      breakpoints: {},
    });
  });
});
