import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newSeed, pickWinners, sha256Hex } from "./lucky-draw-rule.ts";

/** The rule written again with Node's crypto, as a verifier outside the shop would. */
function byHand(seed: string, tickets: string[], count: number) {
  const won: { ticket: number; holder: string }[] = [];
  const want = Math.min(count, new Set(tickets).size);
  for (let i = 0; won.length < want; i++) {
    const mac = createHmac("sha256", seed).update(`winner-${i}`).digest();
    const ticket = mac.readUIntBE(0, 6) % tickets.length;
    const holder = tickets[ticket] ?? "";
    if (!won.some((w) => w.holder === holder)) won.push({ ticket, holder });
  }
  return won;
}

describe("the lucky draw rule", () => {
  const seed = "9f1c2e7a4b6d8f0a1c3e5a7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5d7f";

  it("hashes the seed's text with SHA-256, in hex", async () => {
    expect(await sha256Hex(seed)).toBe(createHash("sha256").update(seed).digest("hex"));
    expect(await sha256Hex("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("picks what the published rule picks, computed independently", async () => {
    const tickets = ["a", "a", "b", "c", "c", "c", "d", "e", "e", "f"];
    const picks = await pickWinners(seed, tickets, 3);
    expect(picks.map(({ ticket, holder }) => ({ ticket, holder }))).toEqual(
      byHand(seed, tickets, 3),
    );
    expect(picks.map((p) => p.place)).toEqual([1, 2, 3]);
    expect(new Set(picks.map((p) => p.holder)).size).toBe(3);
  });

  it("is deterministic, and another seed draws otherwise", async () => {
    const tickets = Array.from({ length: 500 }, (_, i) => `h${i}`);
    const a = await pickWinners(seed, tickets, 5);
    expect(await pickWinners(seed, tickets, 5)).toEqual(a);
    const b = await pickWinners(newSeed(), tickets, 5);
    expect(b.map((p) => p.ticket)).not.toEqual(a.map((p) => p.ticket));
  });

  it("never picks one holder twice, and stops when every holder has won", async () => {
    const picks = await pickWinners(seed, ["x", "x", "x", "y"], 5);
    expect(picks.map((p) => p.holder).sort()).toEqual(["x", "y"]);
    expect(await pickWinners(seed, [], 3)).toEqual([]);
  });

  it("makes 64-hex-digit seeds, a new one each time", () => {
    const s = newSeed();
    expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(s);
  });
});
