import type { Wishlist } from "@maidan/contracts/wishlists";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const sonner = vi.hoisted(() => ({
  toast: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn(), dismiss: vi.fn() },
}));
vi.mock("sonner", () => sonner);

const { press, saveTarget, savedNow, savedProductIds, shouldFetchWishlist, start, sync } =
  await import("./wish-client");
const heart = (signedIn: boolean, wish: string, slug: string, variant?: string) =>
  press({ dataset: { wish, slug, variant } }, signedIn);
const { loginDialog } = await import("../account/login-dialog-store");

const list = (isDefault: boolean, ids: string[]): Wishlist => ({
  _id: isDefault ? "d" : "n",
  name: isDefault ? "My wishlist" : "Gifts",
  isDefault,
  items: ids.map((id) => ({
    _id: `i-${id}`,
    product: { _id: id, slug: id, name: id, img: null, price: 1, mrp: 1, inStock: true },
    variant: null,
    priceWhenAdded: 1,
    addedAt: "2026-01-01T00:00:00.000Z",
  })),
});

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

describe("the wishlist's client start (spec §4, §8)", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let replaced: string[];
  beforeEach(() => {
    sync(null);
    replaced = [];
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("window", {
      location: { href: "https://shop.test/air-runner", pathname: "/air-runner" },
      history: {
        state: null,
        replaceState: (_s: unknown, _t: string, u: URL) => replaced.push(String(u)),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("fetches only when a user is logged in and the list is empty", () => {
    expect(shouldFetchWishlist(false, null)).toBe(false);
    expect(shouldFetchWishlist(false, new Set())).toBe(false);
    expect(shouldFetchWishlist(true, null)).toBe(true);
    expect(shouldFetchWishlist(true, new Set())).toBe(true);
    expect(shouldFetchWishlist(true, new Set(["p1"]))).toBe(false);
  });

  it("loads the default list's products for the hearts", async () => {
    fetchMock.mockReturnValueOnce(json(200, [list(true, ["p1", "p2"]), list(false, ["p3"])]));
    await start(true);
    expect(fetchMock).toHaveBeenCalledWith("/api/wishlists/my", {});
    expect([...(savedNow() ?? [])]).toEqual(["p1", "p2"]);
    // Not empty any more: a second start asks nothing.
    await start(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("a failed fetch gives an empty list; signed out, nothing is fetched and the list clears", async () => {
    fetchMock.mockReturnValueOnce(json(500, { message: "down", status: 500 }));
    await start(true);
    expect(savedNow()).toEqual(new Set());
    fetchMock.mockRejectedValueOnce(new TypeError("offline"));
    await start(true);
    expect(savedNow()).toEqual(new Set());
    await start(false);
    expect(savedNow()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("saves the product a signed-out heart asked for, then loads, and drops the parameters", async () => {
    window.location.href = "https://shop.test/air-runner?wish=p9&wv=v9&ref=x";
    fetchMock
      .mockReturnValueOnce(json(200, { saved: true, productId: "p9" }))
      .mockReturnValueOnce(json(200, [list(true, ["p9"])]));
    await start(true);
    expect(fetchMock.mock.calls[0]).toEqual([
      "/api/wishlists/save",
      expect.objectContaining({
        method: "POST",
        body: JSON.stringify({ productId: "p9", variantId: "v9" }),
      }),
    ]);
    expect(replaced).toEqual(["https://shop.test/air-runner?ref=x"]);
    expect([...(savedNow() ?? [])]).toEqual(["p9"]);
  });

  it("signed out, a heart opens the login dialog with the product to come back to", async () => {
    await heart(false, "p1", "air-runner", "v1");
    expect(loginDialog.getSnapshot()).toMatchObject({
      accountShow: true,
      redirectTo: "/air-runner?wish=p1&wv=v1",
    });
    expect(saveTarget("p1", "/air-runner")).toBe("/air-runner?wish=p1");
    // The product page's own heart has no slug: back to this page.
    window.location.pathname = "/men/air-runner";
    await press({ dataset: { wish: "p1" } }, false);
    expect(loginDialog.getSnapshot().redirectTo).toBe("/men/air-runner?wish=p1");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("signed in, a heart shows the change at once and takes it back when the server refuses", async () => {
    sync(new Set());
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (answer = r)));
    const pressed = heart(true, "p1", "air-runner");
    expect(savedNow()?.has("p1")).toBe(true);
    answer(
      new Response(JSON.stringify({ message: "Product not found", status: 404 }), { status: 404 }),
    );
    await pressed;
    expect(savedNow()?.has("p1")).toBe(false);
    fetchMock.mockReturnValueOnce(json(200, { saved: true, productId: "p1" }));
    await heart(true, "p1", "air-runner");
    expect(savedNow()?.has("p1")).toBe(true);
  });

  it("the hearts show the default list only", () => {
    expect(savedProductIds([list(false, ["a"]), list(true, ["b"])])).toEqual(new Set(["b"]));
    expect(savedProductIds([])).toEqual(new Set());
  });
});
