import type { OrderSummary } from "@maidan/contracts/orders";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { guestIdContext, servicesContext } from "../../context";
import { fakeServices } from "../../testing/fake-services";
import { loadCheckout } from "./checkout-loader.server";

function load(waiting: OrderSummary[]) {
  const services = fakeServices();
  services.orders.awaitingPayment = async () => waiting;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(guestIdContext, "guest-1234");
  const url = new URL("http://shop.test/checkout?step=four");
  return loadCheckout(new Request(url), context, url);
}

describe("loadCheckout with an empty cart", () => {
  it("sends the shopper to the order waiting for its payment (as after Back from a gateway)", async () => {
    const waiting = { _id: "o-1", status: "awaiting_payment" } as OrderSummary;
    const answer = await load([waiting]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("location")).toBe("/checkout/repayment");
  });

  it("shows the empty cart when nothing waits", async () => {
    const d = await load([]);
    expect(d.cart.items).toEqual([]);
  });
});
