import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Viewer } from "./context";
import { servicesContext, viewerContext } from "./context";
import { FOOTER_COLUMNS } from "./lib/footer-links.server";
import { fallbackSettings } from "./lib/settings";
import { loader } from "./root";
import { captureLog } from "./testing/capture-log";
import { fakeServices } from "./testing/fake-services";

function args(services = fakeServices(), viewer: Viewer | null = null, cookie?: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(viewerContext, viewer);
  const url = new URL("http://shop.test/");
  const headers: Record<string, string> = cookie ? { cookie } : {};
  return { request: new Request(url, { headers }), url, params: {}, pattern: "/", context };
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
      // Rendered for nobody (no session, no guest cookie): a page that may be shared.
      anonymous: true,
      viewer: null,
      cartQty: 0,
      unread: 0,
      payments: { testMode: false, gateways: ["easypaisa", "alfalah", "hbl", "keenu", "nift"] },
      // The footer's links need no call: they are always there (issue #18).
      footer: FOOTER_COLUMNS,
    });
    expect(warn).toHaveBeenCalledTimes(3);
    captured.restore();
  });

  it("says whether the page was rendered for nobody (decision 069)", async () => {
    const viewer = { id: "u1", name: "Hina", role: "user" } as Viewer;
    expect((await loader(args())).anonymous).toBe(true);
    expect((await loader(args(fakeServices(), null, "guest=abcdefgh12"))).anonymous).toBe(false);
    expect((await loader(args(fakeServices(), viewer))).anonymous).toBe(false);
  });

  describe("the unread notifications (spec §4: only with an Authorization cookie that is not null)", () => {
    const viewer = { id: "u1", name: "Hina", role: "user" } as Viewer;
    const counting = (count: () => Promise<number>) => {
      const asked: string[] = [];
      const services = fakeServices();
      services.notifications = {
        ...services.notifications,
        unreadCount: (userId: string) => {
          asked.push(userId);
          return count();
        },
      };
      return { services, asked };
    };

    it("a signed-in shopper's count, with the cookie", async () => {
      const { services, asked } = counting(async () => 4);
      const data = await loader(args(services, viewer, "guest=g1; Authorization=abc.def.ghi"));
      expect(data.unread).toBe(4);
      expect(asked).toEqual(["u1"]);
    });

    it("no fetch without the cookie or with the null value", async () => {
      for (const cookie of [undefined, "Authorization=null", "Authorization="]) {
        const { services, asked } = counting(async () => 4);
        const data = await loader(args(services, viewer, cookie));
        expect(data.unread, String(cookie)).toBe(0);
        expect(asked, String(cookie)).toEqual([]);
      }
    });

    it("a failure is only logged (§8): no badge", async () => {
      const captured = captureLog();
      const { services } = counting(async () => {
        throw new Error("down");
      });
      const data = await loader(args(services, viewer, "Authorization=abc"));
      expect(data.unread).toBe(0);
      expect(captured.warn).toHaveBeenCalledTimes(1);
      captured.restore();
    });
  });
});
