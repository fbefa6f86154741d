import { Children, type ReactNode, useRef } from "react";
import type { CarouselLayout } from "./carousel-settings";
import { useCarousel } from "./use-carousel";

type Props = {
  layout: CarouselLayout;
  /** The region's name: the id of a visible heading, or a text. */
  label: { by: string } | { text: string };
  /** What one page holds, for the buttons' names ("Next products"). */
  unit: string;
  children: ReactNode;
  className?: string;
};

/**
 * A row of slides, a page at a time. The server draws a scrolling row with CSS snap points (it
 * works without JavaScript and at once); the carousel library takes it over later with the
 * settings of carousel-settings.ts. Wide screens show previous/next buttons.
 */
export function Carousel({ layout, label, unit, children, className = "" }: Props) {
  const viewport = useRef<HTMLDivElement>(null);
  const slides = Children.toArray(children);
  const { atStart, atEnd, ready, prev, next } = useCarousel(viewport, layout, slides.length);
  const name = "by" in label ? { "aria-labelledby": label.by } : { "aria-label": label.text };
  return (
    <div
      className={`carousel carousel--${layout.name} ${className}`}
      role="region"
      aria-roledescription="carousel"
      data-carousel={ready ? "ready" : "native"}
      {...name}
    >
      <div className="carousel__viewport" ref={viewport}>
        <ul className="carousel__track">
          {slides.map((slide, i) => (
            <li key={(slide as { key?: string }).key ?? i} className="carousel__slide">
              {slide}
            </li>
          ))}
        </ul>
      </div>
      {slides.length > 1 && (
        <>
          <button
            type="button"
            className="carousel__button carousel__button--prev"
            aria-label={`Previous ${unit}`}
            disabled={atStart}
            onClick={prev}
          >
            <Chevron />
          </button>
          <button
            type="button"
            className="carousel__button carousel__button--next"
            aria-label={`Next ${unit}`}
            disabled={atEnd}
            onClick={next}
          >
            <Chevron />
          </button>
        </>
      )}
    </div>
  );
}

function Chevron() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}
