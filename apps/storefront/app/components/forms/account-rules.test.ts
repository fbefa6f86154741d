import { createValidator } from "@maidan/contracts/validation";
import { describe, expect, it } from "vitest";
import { addressRules, profileRules, signupRules } from "./account-rules";

describe("account form rules (spec §5 on the storefront)", () => {
  it("sign-up: the spec's messages for a bad form, nothing for a good one", async () => {
    const v = createValidator(signupRules);
    const bad = await v.validateAll({
      firstName: "",
      email: "ali@",
      phone: "12345",
      password: "short",
      confirmPassword: "other",
    });
    expect(bad.errors).toEqual({
      firstName: ["The first name field is required"],
      email: ["The email field must be a valid email"],
      phone: ["The mobile number value is not valid"],
      password: ["The password field must be at least 8 characters"],
      confirmPassword: ["The password confirmation does not match"],
    });
    const good = await v.validateAll({
      firstName: "Ali",
      lastName: "",
      email: "ali@maidan.pk",
      phone: "+92 300 1234567",
      password: "secret123",
      confirmPassword: "secret123",
    });
    expect(good).toEqual({ valid: true, errors: {} });
  });

  it("profile: optional fields may stay empty; a bad postal code or date is refused", async () => {
    const v = createValidator(profileRules);
    expect((await v.validateAll({ firstName: "Ali" })).valid).toBe(true);
    const bad = await v.validateAll({ firstName: "Ali", zip: "123", dob: "31-12-2000" });
    expect(Object.keys(bad.errors)).toEqual(["zip", "dob"]);
    expect((await v.validateAll({ firstName: "Ali", zip: "54000", dob: "2000-12-31" })).valid).toBe(
      true,
    );
  });

  it("address: the street needs 5 characters and at most 200", async () => {
    const v = createValidator(addressRules);
    const base = { fullName: "Ali Khan", phone: "03001234567", city: "Lahore" };
    expect((await v.validateAll({ ...base, address: "12 B" })).errors.address).toEqual([
      "The address field must be at least 5 characters",
    ]);
    expect((await v.validateAll({ ...base, address: "x".repeat(201) })).errors.address).toEqual([
      "The address field may not be greater than 200 characters",
    ]);
    expect((await v.validateAll({ ...base, address: "12 B Gulberg" })).valid).toBe(true);
  });
});
