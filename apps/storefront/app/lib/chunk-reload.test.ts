import { afterEach, describe, expect, it, vi } from "vitest";
import {
  chunkReloadKey,
  claimChunkReload,
  importWhenOnline,
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

describe("importWhenOnline", () => {
  /** The browser's connection as the module sees it (globals), switchable. */
  function connection(onLine: boolean) {
    const listeners: (() => void)[] = [];
    const net = { onLine };
    vi.stubGlobal("navigator", net);
    vi.stubGlobal("addEventListener", (type: string, listener: () => void) => {
      if (type === "online") listeners.push(listener);
    });
    return {
      net,
      goOnline() {
        net.onLine = true;
        for (const l of listeners.splice(0)) l();
      },
    };
  }
  afterEach(() => vi.unstubAllGlobals());
  const failed = () => new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
  const settled = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it("asks for the chunk at once when online", async () => {
    connection(true);
    const load = vi.fn(async () => "view");
    expect(await importWhenOnline(load)()).toBe("view");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("offline, waits for the connection before asking", async () => {
    const c = connection(false);
    const load = vi.fn(async () => "view");
    const loading = importWhenOnline(load)();
    await settled();
    expect(load).not.toHaveBeenCalled();
    c.goOnline();
    expect(await loading).toBe("view");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a failure as the network went away is asked again once it is back", async () => {
    const c = connection(true);
    const load = vi.fn(async () => {
      if (load.mock.calls.length === 1) {
        c.net.onLine = false;
        throw failed();
      }
      return "view";
    });
    const loading = importWhenOnline(load)();
    await settled();
    expect(load).toHaveBeenCalledTimes(1);
    c.goOnline();
    expect(await loading).toBe("view");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a failure while online, or a second one, goes to the error page", async () => {
    connection(true);
    const online = vi.fn(async () => Promise.reject(failed()));
    await expect(importWhenOnline(online)()).rejects.toThrow(/imported module/);
    expect(online).toHaveBeenCalledTimes(1);

    const c = connection(true);
    const twice = vi.fn(async () => {
      c.net.onLine = false;
      throw failed();
    });
    const outcome = expect(importWhenOnline(twice)()).rejects.toThrow(/imported module/);
    await settled();
    c.goOnline();
    await outcome;
    expect(twice).toHaveBeenCalledTimes(2);
  });
});
