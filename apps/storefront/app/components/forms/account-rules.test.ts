import {
  changePasswordForm,
  forgotPasswordForm,
  formError,
  otpLoginForm,
  otpSendForm,
  passwordLoginForm,
  resetPasswordForm,
  signupForm,
} from "@maidan/contracts/account-forms";
import { createValidator } from "@maidan/contracts/validation";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  addressRules,
  changePasswordRules,
  forgotPasswordRules,
  otpLoginRules,
  otpSendRules,
  passwordLoginRules,
  profileRules,
  resetPasswordRules,
  signupRules,
} from "./account-rules";
import type { RuleField } from "./use-rule-form";

/** The first message the browser's rules give, in field order, or null when the form passes. */
async function firstRuleMessage(rules: Record<string, RuleField>, values: Record<string, string>) {
  const { errors } = await createValidator(rules).validateAll(values);
  const field = Object.keys(rules).find((name) => errors[name]);
  return field ? (errors[field]?.[0] ?? null) : null;
}

const phone = "03001234567";
const forms: [string, Record<string, RuleField>, z.ZodType, Record<string, string>[]][] = [
  [
    "password login",
    passwordLoginRules,
    passwordLoginForm,
    [
      {},
      { email: "", password: "x" },
      { email: "a".repeat(255), password: "x" },
      { email: "ali", password: "" },
      { email: "ali", password: "x" },
    ],
  ],
  ["code request", otpSendRules, otpSendForm, [{}, { phone: "12345" }, { phone }]],
  [
    "code login",
    otpLoginRules(4),
    otpLoginForm,
    [
      { phone, otp: "" },
      { phone, otp: "12a4" },
      { phone: "", otp: "1234" },
      { phone, otp: "1234" },
    ],
  ],
  [
    "forgot password",
    forgotPasswordRules,
    forgotPasswordForm,
    [{}, { email: "ali@" }, { email: "ali@maidan.pk" }],
  ],
  [
    "reset password",
    resetPasswordRules,
    resetPasswordForm,
    [
      {},
      { password: "short", confirmPassword: "short" },
      { password: "long-enough-1", confirmPassword: "" },
      { password: "long-enough-1", confirmPassword: "other-one-22" },
      { password: "long-enough-1", confirmPassword: "long-enough-1" },
    ],
  ],
  [
    "change password",
    changePasswordRules,
    changePasswordForm,
    [
      { currentPassword: "", password: "long-enough-1", confirmPassword: "long-enough-1" },
      { currentPassword: "old", password: "x".repeat(129), confirmPassword: "x".repeat(129) },
      { currentPassword: "old", password: "long-enough-1", confirmPassword: "long-enough-2" },
      { currentPassword: "old", password: "long-enough-1", confirmPassword: "long-enough-1" },
    ],
  ],
  [
    "sign-up",
    signupRules,
    signupForm,
    [
      {
        firstName: "",
        email: "ali@maidan.pk",
        password: "long-enough-1",
        confirmPassword: "long-enough-1",
      },
      {
        firstName: "Ali",
        email: "ali@",
        password: "long-enough-1",
        confirmPassword: "long-enough-1",
      },
      {
        firstName: "Ali",
        email: "ali@maidan.pk",
        phone: "12345",
        password: "long-enough-1",
        confirmPassword: "long-enough-1",
      },
      {
        firstName: "Ali",
        email: "ali@maidan.pk",
        password: "long-enough-1",
        confirmPassword: "nope-nope-1",
      },
      {
        firstName: "Ali",
        email: "ali@maidan.pk",
        phone,
        password: "long-enough-1",
        confirmPassword: "long-enough-1",
      },
    ],
  ],
];

describe("the browser's §5 rules and the server's form schemas say the same", () => {
  for (const [name, rules, schema, cases] of forms) {
    it(name, async () => {
      for (const values of cases) {
        expect(formError(schema, values), JSON.stringify(values)).toBe(
          await firstRuleMessage(rules, values),
        );
      }
    });
  }

  it("in the spec's words", async () => {
    expect(formError(forgotPasswordForm, { email: "" })).toBe("The email field is required");
    expect(formError(forgotPasswordForm, { email: "ali@" })).toBe(
      "The email field must be a valid email",
    );
    expect(formError(resetPasswordForm, { password: "short", confirmPassword: "short" })).toBe(
      "The password field must be at least 8 characters",
    );
    expect(
      formError(resetPasswordForm, { password: "long-enough-1", confirmPassword: "other-1234" }),
    ).toBe("The password confirmation does not match");
    expect(formError(changePasswordForm, { password: "x".repeat(129) })).toBe(
      "The current password field is required",
    );
    expect(formError(passwordLoginForm, { email: "ali" })).toBe("The password field is required");
    expect(formError(otpLoginForm, { phone, otp: "12" })).toBe("The code value is not valid");
  });
});

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
