import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BANNERS, type CarouselLayout, PRODUCT_ROW } from "./carousel-settings";

// The row the server draws (before the library arrives) must have the library's slide sizes,
// or taking it over would move it. Its numbers live in the stylesheet; this reads them back.
const css = readFileSync(new URL("../../styles/carousel.css", import.meta.url), "utf8");

/** `--carousel-per-page` and `--carousel-gap` of a layout, per media query (0: no query). */
function cssSteps(name: string) {
  const steps = new Map<number, { perPage: number; gapPx: number }>();
  const blocks = css.split(/@media \(min-width: (\d+)px\)/);
  blocks.forEach((block, i) => {
    const width = i === 0 ? 0 : Number(blocks[i - 1]);
    if (i > 0 && i % 2 === 1) return;
    const rule = block.match(
      new RegExp(
        `\\.carousel--${name} \\{\\s*--carousel-per-page: (\\d+);\\s*--carousel-gap: (\\d+)px;`,
      ),
    );
    if (rule) steps.set(width, { perPage: Number(rule[1]), gapPx: Number(rule[2]) });
  });
  return steps;
}

function expected(layout: CarouselLayout) {
  return new Map([
    [0, { perPage: layout.perPage, gapPx: layout.gapPx }],
    ...layout.wider.map((s) => [s.minWidth, { perPage: s.perPage, gapPx: s.gapPx }] as const),
  ]);
}

describe("carousel.css", () => {
  it("gives product rows the settings' per-page counts and gaps at every width", () => {
    expect(cssSteps("products")).toEqual(expected(PRODUCT_ROW));
  });

  it("gives the banners one a page with no gap", () => {
    expect(cssSteps("banners")).toEqual(expected(BANNERS));
  });

  it("snaps a product row at the first item of each page", () => {
    for (const step of [PRODUCT_ROW, ...PRODUCT_ROW.wider]) {
      expect(css).toContain(`.carousel--products .carousel__slide:nth-child(${step.perPage}n + 1)`);
    }
  });
});
