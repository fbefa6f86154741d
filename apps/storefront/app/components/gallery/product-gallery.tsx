import { useMemo, useRef } from "react";
import { LazyImage } from "../media/lazy-image";
import { GALLERY, IDENTITY, type ZoomRange, zoomRange } from "./gallery-settings";
import { useGalleryGestures } from "./use-gallery-gestures";

type Image = { url: string; alt: string; width: number; height: number };

/** How wide the gallery draws its images: also given to a related tile that shows the same photo. */
export const GALLERY_SIZES = "(min-width: 900px) 560px, 100vw";

/**
 * The product images (spec §1, §4, §9): swipe between them, pinch, wheel or double-tap to zoom,
 * drag to pan while zoomed. Buttons and thumbnails do the same for keyboards and screen readers.
 */
export function ProductGallery({
  images,
  name,
  range: rangeInput,
}: {
  images: Image[];
  name: string;
  range?: Partial<ZoomRange>;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const range = useMemo(() => zoomRange(rangeInput), [rangeInput]);
  const { index, drag, view, go, dragging, handlers } = useGalleryGestures(
    frame,
    images.length,
    range,
  );
  const zoomed = view.scale > range.min;
  if (images.length === 0) return null;

  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={`${name} images`}>
      <div
        ref={frame}
        className={`gallery__frame${zoomed ? " gallery__frame--zoomed" : ""}`}
        data-index={index}
        data-zoom={view.scale.toFixed(2)}
        {...handlers}
        onKeyDown={(e) => {
          if (e.key === "ArrowRight") go(index + 1);
          if (e.key === "ArrowLeft") go(index - 1);
        }}
      >
        <ul
          className="gallery__track"
          style={{
            transform: `translateX(calc(${-index * 100}% + ${drag}px))`,
            transition: dragging ? "none" : `transform ${GALLERY.slideMs / 1000}s ease`,
          }}
        >
          {images.map((image, i) => {
            const v = i === index ? view : IDENTITY;
            return (
              <li
                key={image.url}
                className="gallery__slide"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${images.length}`}
                aria-hidden={i !== index}
              >
                <div
                  className="gallery__zoom"
                  style={{ transform: `translate(${v.x}px, ${v.y}px) scale(${v.scale})` }}
                >
                  <LazyImage
                    src={image.url}
                    alt={image.alt || name}
                    width={image.width}
                    height={image.height}
                    sizes={GALLERY_SIZES}
                    className="gallery__image"
                    priority={i === 0}
                    draggable={false}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      {images.length > 1 && (
        <div className="gallery__controls">
          <button
            type="button"
            className="gallery__step"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            aria-label="Previous image"
          >
            ‹
          </button>
          <ol className="gallery__dots">
            {images.map((image, i) => (
              <li key={image.url}>
                <button
                  type="button"
                  className="gallery__dot"
                  aria-label={`Show image ${i + 1}`}
                  aria-current={i === index}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="gallery__step"
            onClick={() => go(index + 1)}
            disabled={index === images.length - 1}
            aria-label="Next image"
          >
            ›
          </button>
        </div>
      )}
    </section>
  );
}
