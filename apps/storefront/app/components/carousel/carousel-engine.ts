/**
 * The carousel library at work on a server-rendered row. Loaded only when the browser is idle or
 * the shopper first touches a row (see use-carousel.ts), so it is no part of the first download.
 */
import Swiper from "swiper";
import { startIndexFrom, stepAt, swiperOptions } from "./carousel-math";
import type { CarouselLayout } from "./carousel-settings";

export type CarouselEdges = { atStart: boolean; atEnd: boolean };
export type CarouselEngine = {
  prev(): void;
  next(): void;
  /** After React changed the slides. */
  update(): void;
  destroy(): void;
};

/** Resolves once the row has a width (a hidden banner list waits) and no finger is scrolling it. */
function settled(viewport: HTMLElement, touching: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    let timer = 0;
    const check = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (viewport.clientWidth === 0 || touching()) return check();
        viewport.removeEventListener("scroll", check);
        resolve();
      }, 150);
    };
    viewport.addEventListener("scroll", check, { passive: true });
    check();
  });
}

/**
 * Takes over the row: the library starts at the page the shopper scrolled to by hand, and the
 * native scroll offset goes back to 0 in the same frame, so nothing moves on screen.
 */
export async function startCarousel(
  viewport: HTMLElement,
  layout: CarouselLayout,
  report: (edges: CarouselEdges) => void,
  touching: () => boolean,
): Promise<CarouselEngine> {
  await settled(viewport, touching);
  const count = viewport.querySelectorAll(".carousel__slide").length;
  const start = startIndexFrom(
    viewport.scrollLeft,
    viewport.clientWidth,
    stepAt(layout, window.innerWidth),
    count,
  );
  viewport.scrollLeft = 0;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const swiper = new Swiper(viewport, swiperOptions(layout, start, still));
  const edges = () =>
    report({
      atStart: swiper.isBeginning || swiper.isLocked,
      atEnd: swiper.isEnd || swiper.isLocked,
    });
  swiper.on("slideChange", edges);
  swiper.on("resize", edges);
  swiper.on("lock", edges);
  swiper.on("unlock", edges);
  edges();
  // Tabbing to a link on another page: the browser would scroll the clipped row itself and
  // leave the library's position wrong; show that link's page instead.
  const onFocus = (event: FocusEvent) => {
    const slide = (event.target as Element).closest(".carousel__slide");
    if (!slide) return;
    viewport.scrollLeft = 0;
    const index = swiper.slides.indexOf(slide as HTMLElement);
    const perPage = Number(swiper.params.slidesPerGroup) || 1;
    if (index >= 0) swiper.slideTo(Math.floor(index / perPage) * perPage);
  };
  viewport.addEventListener("focusin", onFocus);
  return {
    prev: () => swiper.slidePrev(),
    next: () => swiper.slideNext(),
    update: () => {
      swiper.update();
      edges();
    },
    destroy: () => {
      viewport.removeEventListener("focusin", onFocus);
      swiper.destroy(true, true);
    },
  };
}
