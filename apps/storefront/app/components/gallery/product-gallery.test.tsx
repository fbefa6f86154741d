import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { IDENTITY } from "./gallery-settings";
import { ProductGallery } from "./product-gallery";
import { useGalleryGestures } from "./use-gallery-gestures";

// The real hook by default; a test can hand the gallery the state a gesture would leave.
vi.mock("./use-gallery-gestures", async (importOriginal) => {
  const real = await importOriginal<typeof import("./use-gallery-gestures")>();
  return { useGalleryGestures: vi.fn(real.useGalleryGestures) };
});

const images = [1, 2, 3].map((n) => ({
  url: `/media/products/shoe-${n}.jpeg`,
  alt: `Shoe ${n}`,
  width: 800,
  height: 800,
}));

/** The track's inline style after rendering with `state` (none: the state at first render). */
function trackStyle(state?: { index: number; drag: number }) {
  if (state) {
    vi.mocked(useGalleryGestures).mockReturnValueOnce({
      ...state,
      view: IDENTITY,
      go: () => {},
      dragging: state.drag !== 0,
      handlers: {
        onPointerDown: () => {},
        onPointerMove: () => {},
        onPointerUp: () => {},
        onPointerCancel: () => {},
      },
    });
  }
  const html = renderToStaticMarkup(<ProductGallery images={images} name="Air Runner" />);
  return html.match(/class="gallery__track" style="([^"]*)"/)?.[1];
}

describe("ProductGallery track (spec §9 slide animation 0.4 s)", () => {
  it("slides between images in 0.4 s", () => {
    expect(trackStyle()).toBe(
      "transform:translateX(calc(0% + 0px));transition:transform 0.4s ease",
    );
    expect(trackStyle({ index: 1, drag: 0 })).toBe(
      "transform:translateX(calc(-100% + 0px));transition:transform 0.4s ease",
    );
  });

  it("follows the finger with no animation while dragged", () => {
    expect(trackStyle({ index: 1, drag: -42 })).toBe(
      "transform:translateX(calc(-100% + -42px));transition:none",
    );
  });
});
