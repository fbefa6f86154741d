import { describe, expect, it } from "vitest";
import { ValidatorError } from "./messages.ts";
import { createValidator, defineRule, validateValue } from "./validate.ts";

const errorsOf = async (value: unknown, rules: string, values: Record<string, unknown> = {}) =>
  (await validateValue(value, rules, "name", { label: "first name", values })).errors;

describe("default messages (spec §5, word for word)", () => {
  it.each([
    ["", "required", "The first name field is required"],
    ["", "required_if:kind,company", "The first name field is required"],
    ["ali", "email", "The first name field must be a valid email"],
    ["ab", "min:3", "The first name field must be at least 3 characters"],
    ["abcde", "max:4", "The first name field may not be greater than 4 characters"],
    ["x", "confirmed:other", "The first name confirmation does not match"],
    ["x", "numeric", "The first name value is not valid"],
    ["x", "url", "The first name value is not valid"],
  ])("%j with %s → %s", async (value, rules, message) => {
    expect(await errorsOf(value, rules, { kind: "company", other: "y" })).toEqual([message]);
  });

  it("stops at the first failure unless told to collect them all", async () => {
    expect(await errorsOf("a", "min:3|email")).toHaveLength(1);
    const all = await validateValue("a", "min:3|email", "name", { bails: false });
    expect(all.errors).toEqual([
      "The name field must be at least 3 characters",
      "The name field must be a valid email",
    ]);
  });

  it("reports whether the field is required", async () => {
    expect((await validateValue("a", "required", "n")).required).toBe(true);
    expect((await validateValue("a", "min:1", "n")).required).toBe(false);
    const opts = (kind: string) => ({ values: { kind } });
    expect((await validateValue("", "required_if:kind,co", "n", opts("co"))).required).toBe(true);
    expect((await validateValue("", "required_if:kind,co", "n", opts("me"))).required).toBe(false);
  });
});

describe("validator errors (spec §8)", () => {
  it("'No such validator exists' for an unknown rule", async () => {
    await expect(validateValue("a", "required|shoe_size", "n")).rejects.toThrow(
      new ValidatorError("No such validator exists"),
    );
    expect(() => createValidator({ a: { rules: "nope" } })).toThrow("No such validator exists");
  });

  it("'Validating a non-existent field' for a field outside the schema", async () => {
    const v = createValidator({ email: { rules: "required|email" } });
    await expect(v.validateField("phone", {})).rejects.toThrow("Validating a non-existent field");
  });

  it("'Require rules cannot be async' for a required-style rule that answers later", async () => {
    defineRule("required_later", {
      computesRequired: true,
      validate: async (v) => v !== "",
    });
    await expect(validateValue("a", "required_later", "n")).rejects.toThrow(
      "Require rules cannot be async",
    );
  });

  it("validates a whole form and keys the messages by field", async () => {
    const v = createValidator({
      email: { rules: "required|email", label: "email" },
      password: { rules: "required|min:8", label: "password" },
      confirm: { rules: "required|confirmed:password", label: "password" },
    });
    const result = await v.validateAll({ email: "x", password: "secret123", confirm: "other" });
    expect(result).toEqual({
      valid: false,
      errors: {
        email: ["The email field must be a valid email"],
        confirm: ["The password confirmation does not match"],
      },
    });
    expect(
      (await v.validateAll({ email: "a@maidan.pk", password: "secret123", confirm: "secret123" }))
        .valid,
    ).toBe(true);
  });
});
