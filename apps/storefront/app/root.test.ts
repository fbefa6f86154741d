import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext } from "./context";
import { FOOTER_COLUMNS } from "./lib/footer-links.server";
import { fallbackSettings } from "./lib/settings";
import { loader } from "./root";
import { captureLog } from "./testing/capture-log";
import { fakeServices } from "./testing/fake-services";

function args(services = fakeServices()) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const url = new URL("http://shop.test/");
  return { request: new Request(url), url, params: {}, pattern: "/", context };
}

describe("root loader", () => {
  it("loads settings, top-level categories and default shipping", async () => {
    const data = await loader(args());
    expect(data.settings).toEqual(fallbackSettings);
    expect(data.categories).toEqual([{ slug: "men", name: "Men" }]);
    expect(data.shipping).toBeNull();
  });

  it("still renders when every start-up call fails (spec §4)", async () => {
    const captured = captureLog();
    const warn = captured.warn;
    const fail = async () => {
      throw new Error("down");
    };
    const data = await loader(
      args(fakeServices({ settings: fail, home: fail, defaultShipping: fail })),
    );
    expect(data).toEqual({
      settings: fallbackSettings,
      categories: [],
      shipping: null,
      viewer: null,
      cartQty: 0,
      payments: { testMode: false, gateways: ["easypaisa", "alfalah", "hbl", "keenu", "nift"] },
      // The footer's links need no call: they are always there (issue #18).
      footer: FOOTER_COLUMNS,
    });
    expect(warn).toHaveBeenCalledTimes(3);
    captured.restore();
  });
});
