import { afterEach, describe, expect, it, vi } from "vitest";
import { openSharePopup, SHARE_NETWORKS, SHARE_POPUP, shareUrl } from "./share-networks";

const content = {
  url: "https://maidan.pk/running-shoe?c=1&d=2",
  title: "Running Shoe & Socks",
  description: "Light",
  media: "https://maidan.pk/img/800/products/shoe.jpeg",
};

describe("share networks", () => {
  it("covers the networks spec §9 names, about 28 of them, each once", () => {
    const ids = SHARE_NETWORKS.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(28);
    for (const id of [
      "facebook",
      "twitter",
      "whatsapp",
      "telegram",
      "linkedin",
      "pinterest",
      "reddit",
      "email",
      "sms",
    ]) {
      expect(ids).toContain(id);
    }
  });

  it("fills every placeholder with URL-encoded values", () => {
    for (const network of SHARE_NETWORKS) {
      const href = shareUrl(network, content);
      expect(href).not.toMatch(/\{(url|title|description|media)\}/);
      expect(href).toContain(encodeURIComponent(content.url));
    }
    const fb = SHARE_NETWORKS.find((n) => n.id === "facebook")!;
    expect(shareUrl(fb, content)).toBe(
      "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fmaidan.pk%2Frunning-shoe%3Fc%3D1%26d%3D2&quote=Running%20Shoe%20%26%20Socks",
    );
  });
});

describe("openSharePopup", () => {
  afterEach(() => vi.useRealTimers());

  it("opens 626×436 centred and reports the close at the next 500 ms check", () => {
    vi.useFakeTimers();
    const popup = { closed: false };
    const open = vi.fn(() => popup as unknown as Window);
    const onClose = vi.fn();
    const win = { open, screenX: 100, screenY: 50, outerWidth: 1226, outerHeight: 936 };
    expect(openSharePopup("https://x.test/share", onClose, win)).toBe(true);
    expect(open).toHaveBeenCalledWith(
      "https://x.test/share",
      "share",
      expect.stringContaining(
        `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},left=400,top=300`,
      ),
    );
    vi.advanceTimersByTime(1000);
    expect(onClose).not.toHaveBeenCalled();
    popup.closed = true;
    vi.advanceTimersByTime(499);
    expect(onClose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("says so when the popup is blocked", () => {
    const win = { open: () => null, screenX: 0, screenY: 0, outerWidth: 800, outerHeight: 600 };
    expect(openSharePopup("https://x.test", () => {}, win)).toBe(false);
  });
});
