import type { BannerItem } from "@maidan/contracts/site";
import { preload } from "react-dom";
import { Link } from "react-router";
import { Carousel } from "./carousel/carousel";
import { BANNERS } from "./carousel/carousel-settings";

type Variant = "desktop" | "mobile";

const sizes: Record<Variant, { width: number; height: number }> = {
  desktop: { width: 1600, height: 533 },
  mobile: { width: 800, height: 800 },
};

function isInternal(link: string) {
  return link.startsWith("/") && !link.startsWith("//");
}

function BannerLink({ banner, variant }: { banner: BannerItem; variant: Variant }) {
  const { width, height } = sizes[variant];
  // Lazy even for the first slide: CSS hides the other device's list, and only hidden lazy
  // images are skipped by the browser, so each device downloads just its own banners.
  const image = (
    <img
      className="banner-slider__image"
      src={banner.img}
      alt={banner.alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
    />
  );
  return isInternal(banner.link) ? (
    <Link to={banner.link}>{image}</Link>
  ) : (
    <a href={banner.link}>{image}</a>
  );
}

function Slides({ items, variant }: { items: BannerItem[]; variant: Variant }) {
  // The first slide is the page's largest paint: fetch it at once, with priority, but only on
  // the device that shows this list (the images below stay lazy, see there).
  const first = items[0];
  if (first) {
    preload(first.img, {
      as: "image",
      fetchPriority: "high",
      media: variant === "desktop" ? "(min-width: 900px)" : "(max-width: 899.98px)",
    });
  }
  if (items.length === 0) {
    return <div className={`banner-slider__track banner-slider--${variant} loading-banner`} />;
  }
  return (
    <Carousel
      layout={BANNERS}
      label={{ text: "Offers" }}
      unit="offer"
      className={`banner-slider--${variant}`}
    >
      {items.map((banner) => (
        <BannerLink key={`${banner.img}|${banner.link}`} banner={banner} variant={variant} />
      ))}
    </Carousel>
  );
}

/**
 * Home banners, one a page: the desktop list and the phone list are both rendered and CSS shows
 * the one that fits, so the server needs no idea of the device. Each is a carousel.
 */
export function BannerSlider({ slider, mobile }: { slider: BannerItem[]; mobile: BannerItem[] }) {
  return (
    <section className="banner-slider" aria-label="Offers">
      <Slides items={slider} variant="desktop" />
      <Slides items={mobile} variant="mobile" />
    </section>
  );
}
