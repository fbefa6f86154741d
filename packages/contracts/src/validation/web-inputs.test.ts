import { describe, expect, it } from "vitest";
import { dialogInputError, isShopEmail, isShopUrl } from "./web-inputs.ts";

const label = (n: number) => "a".repeat(n);

describe("dialog email input (spec §5, limits of §9)", () => {
  it("needs a local part, @, a domain and a 2 to 24 character TLD", () => {
    expect(dialogInputError("email", "ali@maidan.pk")).toBeNull();
    expect(dialogInputError("email", `ali@maidan.${label(24)}`)).toBeNull();
    for (const bad of ["alimaidan.pk", "@maidan.pk", "ali@", "ali@maidan", "ali@maidan.p"]) {
      expect(dialogInputError("email", bad)).toBe("Invalid email address");
    }
    expect(dialogInputError("email", `ali@maidan.${label(25)}`)).toBe("Invalid email address");
  });

  it("local part at most 64", () => {
    expect(isShopEmail(`${label(64)}@maidan.pk`)).toBe(true);
    expect(isShopEmail(`${label(65)}@maidan.pk`)).toBe(false);
  });

  it("each domain label at most 63", () => {
    expect(isShopEmail(`a@${label(63)}.pk`)).toBe(true);
    expect(isShopEmail(`a@${label(64)}.pk`)).toBe(false);
  });

  it("domain at most 254, within a whole address of at most 254", () => {
    // Four 60-character labels, dots and a TLD. validator.js also caps the whole address at 254,
    // so with "a@" in front the longest domain that passes is 252 characters.
    const domain = (tld: number) => `${[1, 2, 3, 4].map(() => label(60)).join(".")}.${label(tld)}`;
    expect(domain(8).length).toBe(252);
    expect(isShopEmail(`a@${domain(8)}`)).toBe(true);
    expect(isShopEmail(`a@${domain(9)}`)).toBe(false);
    expect(isShopEmail(`a@${domain(11)}`)).toBe(false);
  });
});

describe("dialog url input (spec §5, limits of §9)", () => {
  it("must start with http or https and have a valid domain", () => {
    expect(dialogInputError("url", "https://maidan.pk/men?x=1")).toBeNull();
    expect(dialogInputError("url", "http://maidan.pk")).toBeNull();
    for (const bad of [
      "maidan.pk",
      "ftp://maidan.pk",
      "https://maidan",
      "https://",
      "javascript:alert(1)",
    ]) {
      expect(dialogInputError("url", bad)).toBe("Invalid URL");
    }
  });

  it("is under 2083 characters", () => {
    const base = "https://maidan.pk/";
    expect(isShopUrl(base + label(2082 - base.length))).toBe(true);
    expect(isShopUrl(base + label(2083 - base.length))).toBe(false);
  });

  it("has a port from 1 to 65535", () => {
    expect(isShopUrl("https://maidan.pk:1/")).toBe(true);
    expect(isShopUrl("https://maidan.pk:65535/")).toBe(true);
    expect(isShopUrl("https://maidan.pk:0/")).toBe(false);
    expect(isShopUrl("https://maidan.pk:65536/")).toBe(false);
  });
});
