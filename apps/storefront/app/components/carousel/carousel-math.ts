/**
 * The carousel's sums and the library options made from the settings. Pure and unit-tested; the
 * engine only wires them to the library and the page.
 */
import { CAROUSEL, type CarouselLayout, type PageStep } from "./carousel-settings";

/** The step in force at a viewport width (phones: the layout's own numbers). */
export function stepAt(layout: CarouselLayout, width: number): Omit<PageStep, "minWidth"> {
  let step = { perPage: layout.perPage, gapPx: layout.gapPx };
  for (const s of layout.wider) if (width >= s.minWidth) step = s;
  return { perPage: step.perPage, gapPx: step.gapPx };
}

/** One slide's width: the row less its gaps, shared by the items of a page. */
export function slideWidth(rowWidth: number, perPage: number, gapPx: number): number {
  return (rowWidth - (perPage - 1) * gapPx) / perPage;
}

/** How many pages `count` items fill; a part-filled last page counts. */
export function pageCount(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / perPage));
}

/** The first item of the page holding item `index`. */
export function pageStart(index: number, perPage: number): number {
  return Math.max(0, Math.floor(index / perPage) * perPage);
}

/**
 * Where a natively scrolled row stands, as the first item of its page: the row may have been
 * swiped by hand (CSS scroll snapping) before the library took over.
 */
export function startIndexFrom(
  scrollLeft: number,
  rowWidth: number,
  step: { perPage: number; gapPx: number },
  count: number,
): number {
  if (rowWidth <= 0 || scrollLeft <= 0) return 0;
  const stride = slideWidth(rowWidth, step.perPage, step.gapPx) + step.gapPx;
  const index = Math.min(count - 1, Math.round(scrollLeft / stride));
  return pageStart(index, step.perPage);
}

/**
 * The library's options (Swiper's names) for a layout, starting at item `initialSlide`. A shopper
 * who asks for reduced motion gets page changes without the slide.
 */
export function swiperOptions(layout: CarouselLayout, initialSlide = 0, reducedMotion = false) {
  const page = (perPage: number, gapPx: number) => ({
    slidesPerView: perPage,
    slidesPerGroup: perPage,
    spaceBetween: gapPx,
  });
  return {
    ...page(layout.perPage, layout.gapPx),
    breakpoints: Object.fromEntries(
      layout.wider.map((s) => [s.minWidth, page(s.perPage, s.gapPx)]),
    ),
    speed: reducedMotion ? 0 : CAROUSEL.speedMs,
    // A drag shorter than the minimum does nothing; any longer one, quick or slow, turns one
    // page (the library's default asks a slow drag to cover half a page first).
    threshold: CAROUSEL.minSwipePx,
    longSwipesRatio: 0,
    initialSlide,
    // Our own markup and class names: the library adds `carousel__viewport--initialized` etc.
    wrapperClass: "carousel__track",
    slideClass: "carousel__slide",
    containerModifierClass: "carousel__viewport--",
    // A row that fits on one page does not move.
    watchOverflow: true,
  };
}
