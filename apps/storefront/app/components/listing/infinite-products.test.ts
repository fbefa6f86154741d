import { MAX_PAGE } from "@maidan/contracts/catalog";
import { describe, expect, it } from "vitest";
import { LAST_PAGE, nextPage } from "./infinite-products";

describe("infinite scroll's next page", () => {
  it("is the page after the last one shown, while there are more", () => {
    expect(nextPage(1, 14)).toBe(2);
    expect(nextPage(13, 14)).toBe(14);
    expect(nextPage(14, 14)).toBeNull();
  });

  it("stops at the API's last page however many the listing has", () => {
    expect(LAST_PAGE).toBe(MAX_PAGE);
    expect(nextPage(499, 4_000)).toBe(500);
    expect(nextPage(500, 4_000)).toBeNull();
  });
});
