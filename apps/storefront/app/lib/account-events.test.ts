import { describe, expect, it, vi } from "vitest";
import { trackAuthError } from "./account-events";
import { analyticsPlan } from "./analytics";

const enabled = analyticsPlan({ google_status: "enabled", ga4_id: "G-ABC123" } as never);
const disabled = analyticsPlan({ google_status: "disabled", ga4_id: "G-ABC123" } as never);

describe("login_error / signup_error (spec §8, only with google_status enabled §9)", () => {
  it.each(["login_error", "signup_error"] as const)(
    "%s is pushed labelled with the phone",
    (event) => {
      const win: { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void } = { gtag: vi.fn() };
      expect(trackAuthError(win, enabled, event, "03001234567")).toBe(true);
      expect(win.dataLayer).toEqual([{ event, event_label: "03001234567" }]);
      expect(win.gtag).toHaveBeenCalledWith("event", event, { event_label: "03001234567" });
    },
  );

  it("pushes nothing while google_status is not enabled", () => {
    const win: { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void } = { gtag: vi.fn() };
    expect(trackAuthError(win, disabled, "login_error", "03001234567")).toBe(false);
    expect(trackAuthError(win, analyticsPlan(null), "signup_error", "")).toBe(false);
    expect(win.dataLayer).toBeUndefined();
    expect(win.gtag).not.toHaveBeenCalled();
  });

  it("appends to an existing dataLayer", () => {
    const win = { dataLayer: [{ event: "page_view" }] as unknown[] };
    trackAuthError(win, enabled, "signup_error", "");
    expect(win.dataLayer).toEqual([
      { event: "page_view" },
      { event: "signup_error", event_label: "" },
    ]);
  });
});
