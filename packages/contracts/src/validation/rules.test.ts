import { describe, expect, it } from "vitest";
import type { FileLike } from "./files.ts";
import { validateValue } from "./validate.ts";

const check = async (value: unknown, rules: string, values: Record<string, unknown> = {}) =>
  (await validateValue(value, rules, "x", { values })).valid;

const file = (name: string, type: string, size: number, px?: [number, number]): FileLike => ({
  name,
  type,
  size,
  dimensions: px ? async () => ({ width: px[0], height: px[1] }) : undefined,
});

// [rules, passing values, failing values, other form values]
const cases: [string, unknown[], unknown[], Record<string, unknown>?][] = [
  ["required", ["a", 0, ["x"]], ["", "  ", null, undefined, [], false]],
  ["required_if:kind,company", ["", "Acme"], [], { kind: "person" }],
  ["required_if:kind,company", ["Acme"], ["", " "], { kind: "company" }],
  ["email", ["ali@maidan.pk", "a.b+c@shop.co.uk"], ["ali", "ali@", "@maidan.pk", "a@b.c"]],
  ["email:multiple", ["a@maidan.pk, b@maidan.pk"], ["a@maidan.pk, b"]],
  ["min:3", ["abc", "abcd"], ["ab"]],
  ["max:3", ["abc", "a"], ["abcd"]],
  ["length:4", ["abcd"], ["abc", "abcde"]],
  ["length:2,4", ["ab", "abcd"], ["a", "abcde"]],
  ["min_value:10", ["10", 11], ["9", "x"]],
  ["max_value:10", ["10", 9], ["11", "x"]],
  ["between:1,5", ["1", "5", 3], ["0", "6", "x"]],
  ["digits:4", ["1234"], ["123", "12345", "12a4", "-123"]],
  ["numeric", ["0123"], ["1.5", "-1", "a"]],
  ["integer", ["12", "-3"], ["1.5", "a"]],
  ["decimal", ["1.5", "2", "-0.25"], ["1.5.5", "a"]],
  ["decimal:2", ["1.25"], ["1.255"]],
  ["alpha", ["Maidan"], ["Maidan1", "Mai dan"]],
  ["alpha_dash", ["shoe-size_9"], ["shoe size"]],
  ["alpha_num", ["Size9"], ["Size-9"]],
  ["alpha_spaces", ["Ali Khan"], ["Ali_Khan", "Ali 2"]],
  ["regex:^\\d{3}-[a-z]+$", ["123-abc"], ["12-abc"]],
  ["confirmed:password", ["secret12"], ["secret13"], { password: "secret12" }],
  ["is:yes", ["yes"], ["no"]],
  ["is_not:admin", ["user"], ["admin"]],
  ["included:S,M,L", ["M", ["S", "L"]], ["XL", ["S", "XL"]]],
  ["excluded:S,M", ["L"], ["S"]],
  ["url", ["https://maidan.pk/men", "maidan.pk"], ["ftp://maidan.pk", "https://maidan"]],
  ["ip", ["192.168.0.1", "::1"], ["256.1.1.1"]],
  ["ip:4", ["10.0.0.1"], ["::1"]],
  ["ip_or_fqdn", ["10.0.0.1", "maidan.pk"], ["maidan", "-x.pk"]],
  ["credit_card", ["4111 1111 1111 1111"], ["4111 1111 1111 1112"]],
  ["date_format:DD/MM/YYYY", ["31/12/2024"], ["2024-12-31", "31/02/2024"]],
  ["after:2024-01-01", ["2024-01-02"], ["2024-01-01", "2023-12-31"]],
  ["after:2024-01-01,inclusive", ["2024-01-01"], ["2023-12-31"]],
  ["after:start", ["2024-05-02"], ["2024-05-01"], { start: "2024-05-01" }],
  ["before:2024-01-01", ["2023-12-31"], ["2024-01-01"]],
  ["date_format:DD/MM/YYYY|before:01/01/2024", ["31/12/2023"], ["02/01/2024"]],
  ["date_between:2024-01-01,2024-12-31", ["2024-06-01"], ["2024-01-01", "2025-01-01"]],
  ["date_between:2024-01-01,2024-12-31,inclusive", ["2024-01-01"], ["2023-12-31"]],
  ["ext:pdf,png", [file("a.PNG", "image/png", 1)], [file("a.gif", "image/gif", 1)]],
  ["mimes:image/*", [file("a.png", "image/png", 1)], [file("a.pdf", "application/pdf", 1)]],
  ["mimes:application/pdf", [file("a.pdf", "application/pdf", 1)], [file("a.png", "image/png", 1)]],
  [
    "image",
    ["jpg", "svg", "jpeg", "png", "bmp", "gif"].map((e) => file(`a.${e}`, "image/x", 1)),
    [file("a.webp", "image/webp", 1), file("a.pdf", "application/pdf", 1), "a.png"],
  ],
  ["size:2", [file("a.png", "image/png", 2048)], [file("a.png", "image/png", 2049)]],
  [
    "dimensions:800,600",
    [file("a.png", "image/png", 1, [800, 600])],
    [file("a.png", "image/png", 1, [800, 601]), file("a.png", "image/png", 1)],
  ],
];

describe("rules (spec §5)", () => {
  it.each(cases)("%s", async (rules, good, bad, values) => {
    for (const v of good) expect(await check(v, rules, values), `${rules} accepts ${v}`).toBe(true);
    for (const v of bad) expect(await check(v, rules, values), `${rules} rejects ${v}`).toBe(false);
  });

  it("skips every rule but the required ones on an empty optional field", async () => {
    expect(await check("", "min:3|email")).toBe(true);
    expect(await check("", "required|min:3")).toBe(false);
  });

  it("takes the object form, with a regex that holds a pipe and a comma", async () => {
    expect(await check("ab", { min: 2, regex: /^(a|b){1,2}$/ } as never)).toBe(true);
    expect(await check("abc", { min: 2, regex: /^(a|b){1,2}$/ } as never)).toBe(false);
  });
});
