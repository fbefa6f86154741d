import { AppError } from "@maidan/contracts/errors";
import type { OrderDetail } from "@maidan/contracts/orders";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { servicesContext, viewerContext } from "../../context";
import { fakeServices } from "../../testing/fake-services";
import { loader } from "./order";
import { loader as listLoader } from "./orders";

const shopper = {
  id: "u-1",
  role: "user" as const,
  name: "Ayesha Khan",
  firstName: "Ayesha",
  email: "ayesha@example.pk",
  phone: null,
};

/** What the orders service rejects with when PostgreSQL refuses connections (Drizzle wraps the driver's error). */
const databaseDown = async (): Promise<never> => {
  throw Object.assign(new Error("Failed query: select ... from orders"), {
    cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    }),
  });
};

function args(getMine: () => Promise<OrderDetail>, listMine = fakeServices().orders.listMine) {
  const context = new RouterContextProvider();
  const services = fakeServices();
  services.orders = { ...services.orders, getMine, listMine };
  context.set(servicesContext, services);
  context.set(viewerContext, shopper);
  const url = new URL("http://shop.test/my/orders/o-1");
  return { request: new Request(url), url, params: { id: "o-1" }, pattern: "", context };
}

async function statusOf(run: () => Promise<unknown>) {
  try {
    await run();
    return 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? -1;
  }
}

afterEach(() => vi.restoreAllMocks());

describe("/my/orders/{id}", () => {
  it("is 404 for an order that is not the shopper's (or does not exist)", async () => {
    const missing = async () => {
      throw new AppError("NOT_FOUND", "Order not found");
    };
    expect(await statusOf(() => loader(args(missing)))).toBe(404);
  });

  it("is 503, not 404, while the database is down", async () => {
    expect(await statusOf(() => loader(args(databaseDown)))).toBe(503);
  });

  it("/my/orders, whose loader catches nothing, is 503 too", async () => {
    expect(await statusOf(() => listLoader(args(databaseDown, databaseDown)))).toBe(503);
  });

  it("is 500 for a failure that is the shop's own", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const bug = async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'items')");
    };
    expect(await statusOf(() => loader(args(bug)))).toBe(500);
  });
});
