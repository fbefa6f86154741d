/**
 * One IntersectionObserver for every lazy image: an image counts as near once it is within
 * 1.3 viewports (spec §9 "preload 1.3 times viewport", a 30% margin below and above). The
 * observer fires on layout changes rather than on every scroll event, so the §9 200 ms scroll
 * throttle has nothing left to throttle.
 */
const PRELOAD_MARGIN = "30% 0px 30% 0px";

let observer: IntersectionObserver | null = null;
const callbacks = new Map<Element, () => void>();

export function watchNearViewport(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    onNear();
    return () => {};
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        callbacks.get(entry.target)?.();
        callbacks.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: PRELOAD_MARGIN },
  );
  callbacks.set(element, onNear);
  observer.observe(element);
  return () => {
    callbacks.delete(element);
    observer?.unobserve(element);
  };
}
