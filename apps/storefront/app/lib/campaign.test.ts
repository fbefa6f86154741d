import { describe, expect, it } from "vitest";
import { CAMPAIGN_KEY, campaignFrom, rememberCampaign, storedCampaign } from "./campaign";

const memory = () => {
  const items = new Map<string, string>();
  return {
    items,
    setItem: (k: string, v: string) => void items.set(k, v),
    getItem: (k: string) => items.get(k) ?? null,
  };
};

describe("campaign marker (spec §9: only source=kl_)", () => {
  it.each([
    ["source=kl_", "kl_"],
    ["source=kl_&utm=x", "kl_"],
    ["source=KL_", null],
    ["source=kl_x", null],
    ["source=kl", null],
    ["campaign=kl_", null],
    ["", null],
  ])("?%s → %s", (query, expected) => {
    expect(campaignFrom(new URLSearchParams(query))).toBe(expected);
  });

  it("stores the marker only for kl_, and keeps an earlier one otherwise", () => {
    const storage = memory();
    rememberCampaign(new URLSearchParams("source=google"), storage);
    expect(storage.items.size).toBe(0);
    rememberCampaign(new URLSearchParams("source=kl_"), storage);
    rememberCampaign(new URLSearchParams("page=2"), storage);
    expect(storage.items.get(CAMPAIGN_KEY)).toBe("kl_");
    expect(storedCampaign(() => storage)).toBe("kl_");
  });

  it("reads nothing when storage is unavailable", () => {
    expect(
      storedCampaign(() => {
        throw new Error("SecurityError");
      }),
    ).toBe("");
  });
});
