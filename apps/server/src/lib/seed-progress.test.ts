import { describe, expect, it } from "vitest";
import { seedProgress } from "./seed-progress.ts";

function sink(isTTY: boolean) {
  const written: string[] = [];
  const write = (s: string) => written.push(s) > 0;
  // What cli-progress calls on a terminal besides write.
  const tty = { columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true };
  const out = { isTTY, write, ...tty } as unknown as NodeJS.WriteStream;
  return { out, text: () => written.join("") };
}

describe("seedProgress", () => {
  it("outside a terminal: a plain line per 10,000 products and at the end, nothing else", () => {
    const { out, text } = sink(false);
    const progress = seedProgress(out);
    for (let i = 1; i <= 40; i++) progress("images", i, 40);
    for (let done = 1_000; done <= 25_000; done += 1_000) progress("products", done, 25_000);
    expect(text()).toBe(
      "seed: 10000/25000 products\nseed: 20000/25000 products\nseed: 25000/25000 products\n",
    );
  });

  it("on a terminal: a bar per step that ends full", () => {
    const { out, text } = sink(true);
    const progress = seedProgress(out);
    for (let i = 1; i <= 40; i++) progress("images", i, 40);
    for (let done = 1_000; done <= 3_000; done += 1_000) progress("products", done, 3_000);
    expect(text()).toContain("seed: images   [");
    expect(text()).toContain("40/40");
    expect(text()).toContain("seed: products [");
    expect(text()).toContain("3000/3000");
    expect(text()).not.toContain("seed: 3000/3000 products");
  });
});
