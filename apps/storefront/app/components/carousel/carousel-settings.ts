/**
 * The carousel's numbers (spec §9: 2 items per page, speed 500 ms, minimum swipe 8) and the
 * layouts built on them. The page renders with these; the carousel library (loaded later, see
 * carousel-engine.ts) is configured from them by carousel-math.ts. styles/carousel.css repeats
 * the per-page counts and gaps for the rows drawn before the library arrives; a unit test keeps
 * the two in step.
 */
export const CAROUSEL = {
  /** Items per page on a phone: what one swipe or one button press moves by. */
  perPage: 2,
  /** How long a page change takes. */
  speedMs: 500,
  /** A drag shorter than this (px) is not a swipe: the row stays where it was. */
  minSwipePx: 8,
} as const;

/** Per-page count and gap from a viewport width up (the same steps as the product grids). */
export type PageStep = { minWidth: number; perPage: number; gapPx: number };

export type CarouselLayout = {
  /** The class modifier that styles the row (carousel--products, carousel--banners). */
  name: "products" | "banners";
  /** Phones, and every width below the first step. */
  perPage: number;
  gapPx: number;
  wider: PageStep[];
};

/** Product rows: two tiles a page on phones, as many as the product grids show on wider screens. */
export const PRODUCT_ROW: CarouselLayout = {
  name: "products",
  perPage: CAROUSEL.perPage,
  gapPx: 12,
  wider: [
    { minWidth: 600, perPage: 3, gapPx: 16 },
    { minWidth: 900, perPage: 4, gapPx: 20 },
    { minWidth: 1200, perPage: 5, gapPx: 20 },
  ],
};

/** Home banners: one banner a page at every width. */
export const BANNERS: CarouselLayout = { name: "banners", perPage: 1, gapPx: 0, wider: [] };
