import { useEffect, useRef, useState } from "react";
import { ERROR_IMAGE, imageSources, PLACEHOLDER_IMAGE } from "../../lib/image-sources";
import { watchNearViewport } from "./near-viewport";

/** Spec §9 lazy images: 3 attempts, then the error image. */
export const MAX_ATTEMPTS = 3;

type Props = {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string;
  className?: string;
  /** The page's main picture: fetched at once with high priority, never lazily. */
  priority?: boolean;
  draggable?: boolean;
};

/**
 * A `<picture>` with AVIF/WebP/JPEG sources from the image route, over the placeholder image.
 * Lazy by default: native `loading="lazy"` (works without JavaScript), and after hydration the
 * shared observer switches an image to eager once it is within 1.3 viewports. A failed load is
 * retried (fresh request each time) up to 3 attempts, then the error image shows.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  sizes,
  className,
  priority,
  draggable,
}: Props) {
  const ref = useRef<HTMLImageElement>(null);
  // Past MAX_ATTEMPTS: failed, the error image shows.
  const [attempt, setAttempt] = useState(1);
  const [near, setNear] = useState(Boolean(priority));

  useEffect(() => {
    if (priority || !ref.current) return;
    return watchNearViewport(ref.current, () => setNear(true));
  }, [priority]);

  const onError = () => setAttempt(attempt + 1);

  // A server-rendered image can fail before hydration, and React does not replay that error
  // event: without this check it would get neither its retries nor the error image.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the hydrated element
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) onError();
  }, []);

  const common = {
    ref,
    alt,
    width,
    height,
    draggable,
    className: `lazy-image ${className ?? ""}`,
    style: { backgroundImage: `url(${PLACEHOLDER_IMAGE})` },
    decoding: "async" as const,
    loading: near ? ("eager" as const) : ("lazy" as const),
    fetchPriority: priority ? ("high" as const) : undefined,
  };
  if (attempt > MAX_ATTEMPTS) return <img {...common} src={ERROR_IMAGE} loading="eager" />;
  const sources = imageSources(src);
  // A retry asks again past any cached failure; the key remounts the element so it reloads.
  const retry = attempt > 1 ? `?attempt=${attempt}` : "";
  if (!sources) return <img key={attempt} {...common} src={`${src}${retry}`} onError={onError} />;
  const withRetry = (set: string) => (retry ? set.replaceAll(/ (\d+w)/g, `${retry} $1`) : set);
  return (
    <picture key={attempt}>
      <source type="image/avif" srcSet={withRetry(sources.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={withRetry(sources.webp)} sizes={sizes} />
      <img
        {...common}
        src={`${sources.fallback}${retry}`}
        srcSet={withRetry(sources.jpeg)}
        sizes={sizes}
        onError={onError}
      />
    </picture>
  );
}
