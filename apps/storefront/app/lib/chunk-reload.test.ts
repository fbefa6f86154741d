import { describe, expect, it, vi } from "vitest";
import {
  chunkReloadKey,
  claimChunkReload,
  isChunkLoadError,
  reloadAfterChunkError,
} from "./chunk-reload";

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe("claimChunkReload", () => {
  it("allows the first reload and records the time", () => {
    const store = memoryStore();
    expect(claimChunkReload(store, 1_000_000)).toBe(true);
    expect(store.getItem(chunkReloadKey)).toBe("1000000");
  });

  it("refuses a second reload within 60 s", () => {
    const store = memoryStore();
    claimChunkReload(store, 1_000_000);
    expect(claimChunkReload(store, 1_000_000 + 59_999)).toBe(false);
  });

  it("allows another reload once 60 s have passed", () => {
    const store = memoryStore({ [chunkReloadKey]: "1000000" });
    expect(claimChunkReload(store, 1_060_000)).toBe(true);
  });

  it("ignores a corrupt timestamp", () => {
    expect(claimChunkReload(memoryStore({ [chunkReloadKey]: "garbage" }), 5)).toBe(true);
  });

  it("never reloads when storage is unavailable", () => {
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {},
    };
    expect(claimChunkReload(blocked, 5)).toBe(false);
  });
});

describe("isChunkLoadError", () => {
  it("recognises the browsers' dynamic import failures", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true);
  });

  it("ignores other errors", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
  });
});

describe("reloadAfterChunkError", () => {
  const browser = (onLine: boolean, reload = vi.fn()) =>
    ({
      sessionStorage: memoryStore(),
      location: { reload },
      navigator: { onLine },
    }) as unknown as Window;

  it("reloads once per window", () => {
    const reload = vi.fn();
    const win = browser(true, reload);
    expect(reloadAfterChunkError(win)).toBe(true);
    expect(reloadAfterChunkError(win)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("never reloads offline, where the network failed the chunk, not a deploy", () => {
    const reload = vi.fn();
    const win = browser(false, reload);
    expect(reloadAfterChunkError(win)).toBe(false);
    expect(win.sessionStorage.getItem(chunkReloadKey)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
