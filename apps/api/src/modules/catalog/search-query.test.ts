import { describe, expect, it } from "vitest";
import { expandToken, singleGroup, tokenize, toTsQuery, transpositions } from "./search-query.ts";
import { SYNONYMS } from "./synonyms.ts";

describe("tokenize", () => {
  it("keeps letters and digits only, so quotes, % and SQL are separators", () => {
    expect(tokenize(`Joggers' OR 1=1; -- %drop% <b>x</b>`)).toEqual(["joggers", "or", "1", "drop"]);
  });
  it("drops stop words and repeats, and cuts long input", () => {
    expect(tokenize("shoes for the men shoes")).toEqual(["shoes", "men"]);
    expect(tokenize("a".repeat(5000))).toEqual(["a".repeat(100)]);
  });
});

describe("expandToken", () => {
  it("adds synonyms of the word and of its typo correction", () => {
    expect(expandToken("jutay")).toContain("shoes");
    expect(expandToken("jotay", "jootay")).toEqual(
      expect.arrayContaining(["jotay", "jootay", "shoes"]),
    );
    expect(expandToken("jogers", "joggers")).toEqual(["jogers", "joggers"]);
  });
});

describe("toTsQuery", () => {
  it("ANDs groups, ORs alternatives, prefixes the typed word", () => {
    expect(toTsQuery([["qameez", "kameez"], ["red"]])).toBe("(qameez:* | kameez) & red:*");
    expect(toTsQuery([["tee", "t-shirt"]])).toBe("(tee:* | t <-> shirt)");
  });

  it("tells one word group from several (decision 073's search cells)", () => {
    expect(singleGroup(toTsQuery([["tee", "t-shirt"]]))).toBe(true);
    expect(singleGroup(toTsQuery([["shoes"]]))).toBe(true);
    expect(singleGroup(toTsQuery([["qameez", "kameez"], ["red"]]))).toBe(false);
  });
});

describe("synonym data", () => {
  it("has lower-case single-word keys and non-empty value lists", () => {
    for (const [k, v] of Object.entries(SYNONYMS)) {
      expect(k).toMatch(/^[a-z0-9]+$/);
      expect(v.length).toBeGreaterThan(0);
      for (const w of v) expect(w).toMatch(/^[a-z0-9-]+$/);
    }
  });
});

describe("transpositions", () => {
  it("swaps each pair of neighbouring letters once", () => {
    expect(transpositions("sheos")).toEqual(["hseos", "sehos", "shoes", "sheso"]);
    expect(transpositions("sohes")).toContain("shoes");
    expect(transpositions("hsoes")).toContain("shoes");
    expect(transpositions("sheo")).toContain("shoe");
  });
  it("skips a swap of two equal letters, and short words, digits and mixed words", () => {
    expect(transpositions("boot")).toEqual(["obot", "boto"]);
    expect(transpositions("sho")).toEqual([]);
    expect(transpositions("2024")).toEqual([]);
    expect(transpositions("size42")).toEqual([]);
  });
});
