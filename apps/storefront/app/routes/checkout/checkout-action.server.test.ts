import type { CartService } from "@maidan/contracts/cart";
import type { CatalogService } from "@maidan/contracts/catalog";
import { AppError } from "@maidan/contracts/errors";
import type { OrdersService, PlaceOrderResult } from "@maidan/contracts/orders";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { guestIdContext, servicesContext } from "../../context";
import { UNEXPECTED } from "../../lib/service-errors.server";
import { captureLog } from "../../testing/capture-log";
import { fakeServices } from "../../testing/fake-services";
import { checkoutAction, SOMETHING_WRONG, SWITCHED_OFF } from "./checkout-action.server";
import { type CheckoutState, readCheckoutState, saveCheckoutState } from "./checkout-state.server";

const ADDRESS = {
  fullName: "Ayesha Khan",
  phone: "03001234567",
  province: "Sindh",
  city: "Karachi",
  address: "House 12, Street 4, DHA Phase 5",
};
const URL_ = "http://shop.test/checkout?step=four";

/** The checkout cookie as a browser sends it back. */
const cookieOf = (state: CheckoutState) =>
  saveCheckoutState(new Request(URL_), state).split(";")[0] ?? "";

function run(
  form: Record<string, string>,
  opts: {
    place?: OrdersService["place"];
    state?: CheckoutState;
    detail?: CatalogService["detail"];
    add?: CartService["add"];
    gateways?: string[];
  } = {},
) {
  const services = fakeServices();
  if (opts.gateways) {
    const gateways = opts.gateways;
    services.payments = { availability: () => ({ testMode: false, gateways }) } as never;
  }
  if (opts.place) services.orders.place = opts.place;
  if (opts.detail) services.catalog.detail = opts.detail;
  if (opts.add) services.carts.add = opts.add;
  const setShipping = vi.fn(services.carts.setShipping);
  services.carts.setShipping = async (owner, input) => {
    setShipping(owner, input);
    return (await services.carts.get(owner)) as never;
  };
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(guestIdContext, "guest-1234");
  const request = new Request(URL_, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: {
      cookie: cookieOf(opts.state ?? { address: ADDRESS }),
      // What the API's storefront mount sets from the connection.
      "x-maidan-client-ip": "203.0.113.7",
    },
  });
  return { result: checkoutAction(request, context), setShipping };
}

/** What an action threw as a redirect: its target and the cookie it sets. */
async function redirected(p: Promise<unknown>) {
  const thrown = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(thrown instanceof Response)) throw new Error(`expected a redirect, got ${String(thrown)}`);
  return { to: thrown.headers.get("Location"), cookie: thrown.headers.get("Set-Cookie") ?? "" };
}

afterEach(() => vi.restoreAllMocks());

describe("checkoutAction: placing the order (spec §5, §8)", () => {
  it("answers 'Sorry, Something went Wrong!' when the cash order response has no orders", async () => {
    for (const answer of [{}, { orders: [] }, { orders: undefined }]) {
      const place = vi.fn(async () => answer as unknown as PlaceOrderResult);
      const { result } = run({ intent: "place", idempotencyKey: "key-12345678" }, { place });
      expect(await result).toEqual({ ok: false, message: SOMETHING_WRONG });
      expect(place).toHaveBeenCalledOnce();
    }
  });

  it("shows a thrown service error's own message, 4xx or 5xx", async () => {
    const captured = captureLog();
    const logged = captured.error;
    for (const e of [
      new AppError("OUT_OF_STOCK", "Only 1 left in stock"),
      new AppError("UNAUTHORIZED"),
      new AppError("PAYMENTS_UNAVAILABLE"),
    ]) {
      const { result } = run(
        { intent: "place" },
        {
          place: async () => {
            throw e;
          },
        },
      );
      expect(await result).toEqual({ ok: false, message: e.message });
    }
    // Only the 5xx is worth a log line.
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it("hides an unexpected exception's text behind a plain message, and logs it", async () => {
    const captured = captureLog();
    const logged = captured.error;
    const { result } = run(
      { intent: "place" },
      {
        place: async () => {
          throw new TypeError('relation "orders" does not exist');
        },
      },
    );
    const answer = await result;
    expect(answer).toEqual({ ok: false, message: UNEXPECTED });
    expect(JSON.stringify(answer)).not.toContain("relation");
    expect(logged).toHaveBeenCalledOnce();
  });

  it("places with the checkout's address and method, then opens order-success and forgets the choice", async () => {
    const place = vi.fn<OrdersService["place"]>(
      async () =>
        ({
          orders: [{ _id: "o-1" }, { _id: "o-2" }],
          amount: { total: 4198 },
        }) as PlaceOrderResult,
    );
    const { result } = run(
      { intent: "place", paymentMethod: "COD", useWallet: "on", idempotencyKey: "key-12345678" },
      { place },
    );
    const r = await redirected(result);
    expect(r.to).toBe("/order-success-guest?id=o-1%2Co-2&amount=4198");
    expect(r.cookie).toMatch(/^checkout=; Max-Age=0; Path=\//);
    expect(place).toHaveBeenCalledWith(
      { userId: null, guestId: "guest-1234" },
      {
        address: expect.objectContaining({ city: "Karachi" }),
        paymentMethod: "COD",
        useWallet: true,
      },
      { idempotencyKey: "key-12345678", ip: "203.0.113.7" },
    );
  });

  it("sends a checkout without an address back to step one, and refuses to post an online method", async () => {
    const place = vi.fn<OrdersService["place"]>();
    expect((await redirected(run({ intent: "place" }, { place, state: {} }).result)).to).toBe(
      "/checkout",
    );
    const online = await run({ intent: "place", paymentMethod: "HBL" }, { place }).result;
    expect(online).toMatchObject({ ok: false, message: expect.stringContaining("JavaScript") });
    expect(place).not.toHaveBeenCalled();
  });
});

describe("checkoutAction: the steps", () => {
  it("step one keeps a valid typed address, prices the cart with its city and opens step two", async () => {
    const { result, setShipping } = run({ intent: "address", ...ADDRESS }, { state: {} });
    const r = await redirected(result);
    expect(r.to).toBe("/checkout?step=two");
    expect(setShipping).toHaveBeenCalledWith(expect.anything(), { city: "Karachi" });
    const back = new Request(URL_, { headers: { cookie: r.cookie.split(";")[0] ?? "" } });
    expect(readCheckoutState(back).address).toMatchObject(ADDRESS);
  });

  it("step one takes the province of the city when a page without scripts sent another", async () => {
    const { result } = run({ intent: "address", ...ADDRESS, province: "Punjab" }, { state: {} });
    const r = await redirected(result);
    const back = new Request(URL_, { headers: { cookie: r.cookie.split(";")[0] ?? "" } });
    expect(readCheckoutState(back).address).toMatchObject({ province: "Sindh", city: "Karachi" });
  });

  it("step one refuses an address the API would refuse, and gives the typed values back", async () => {
    const { result, setShipping } = run(
      { intent: "address", ...ADDRESS, phone: "12" },
      { state: {} },
    );
    const answer = await result;
    expect(answer).toMatchObject({ ok: false, values: { phone: "12", city: "Karachi" } });
    expect(setShipping).not.toHaveBeenCalled();
  });

  it("step three answers Stripe and unknown methods with the spec's messages; COD opens the review", async () => {
    expect(await run({ intent: "payment", paymentMethod: "Stripe" }).result).toEqual({
      ok: false,
      message: "Stripe not implemented yet. Proceed with COD",
    });
    expect(await run({ intent: "payment", paymentMethod: "jazzcash" }).result).toEqual({
      ok: false,
      message: "The checkout service jazzcash not yet implemented",
    });
    const r = await redirected(run({ intent: "payment", paymentMethod: "COD" }).result);
    expect(r.to).toBe("/checkout?step=four");
    // A method whose gateway is switched off (PAYMENTS_DISABLED) is not taken either.
    expect(
      await run({ intent: "payment", paymentMethod: "HBL" }, { gateways: ["nift"] }).result,
    ).toEqual({ ok: false, message: SWITCHED_OFF });
    const back = new Request(URL_, { headers: { cookie: r.cookie.split(";")[0] ?? "" } });
    expect(readCheckoutState(back)).toMatchObject({ method: "COD", address: ADDRESS });
  });
});

describe("checkoutAction: a listing tile's quick add", () => {
  const product = (variants: number) =>
    (async () => ({
      _id: "p1",
      slug: "yoga-mat",
      variants: Array.from({ length: variants }, (_, i) => ({ _id: `v${i + 1}` })),
    })) as unknown as CatalogService["detail"];
  const tile = { intent: "quick-add", pid: "p1", slug: "yoga-mat" };

  it("adds a product's only variant", async () => {
    const add = vi.fn(async () => ({ qty: 3 }) as never);
    expect(await run(tile, { detail: product(1), add }).result).toEqual({
      ok: true,
      message: "Added to cart",
      qty: 3,
    });
    expect(add).toHaveBeenCalledWith(
      { userId: null, guestId: "guest-1234" },
      { pid: "p1", vid: "v1", qty: 1 },
    );
  });

  it("opens the product page when there is a choice to make or the stock is used up", async () => {
    const add = vi.fn(async () => {
      throw new AppError("OUT_OF_STOCK", "Only 1 left in stock (you already have 1 in your cart)");
    });
    expect((await redirected(run(tile, { detail: product(3), add }).result)).to).toBe("/yoga-mat");
    expect(add).not.toHaveBeenCalled();
    expect((await redirected(run(tile, { detail: product(1), add }).result)).to).toBe("/yoga-mat");
  });

  it("answers a product that is not the one the tile named", async () => {
    expect(await run({ ...tile, pid: "p9" }, { detail: product(1) }).result).toEqual({
      ok: false,
      message: "Product not found",
    });
  });
});

describe("the checkout cookie", () => {
  it("reads nothing from a cookie that is not its own shape", () => {
    for (const value of ["not-base64!", Buffer.from('{"address":5}').toString("base64url")]) {
      const request = new Request(URL_, { headers: { cookie: `checkout=${value}` } });
      expect(readCheckoutState(request)).toEqual({});
    }
  });
});
