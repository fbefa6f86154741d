import type { RuleField } from "./use-rule-form";

/**
 * §5 rules for the account forms. They mirror the server's zod schemas (packages/contracts
 * auth.ts, addresses.ts; the form schemas of account-forms.ts in the same words) so the shopper
 * sees the same limits before sending; the server still decides. Phone numbers use the object form because the pattern holds a pipe.
 */
// 03001234567, 3001234567, +92 300 1234567, 92-300-1234567 (what normalizePakPhone accepts).
const mobile = /^(?:\+?92|0)?[\s-]?3(?:[\s-]?\d){9}$/;

export const signupRules: Record<string, RuleField> = {
  firstName: { rules: "required|max:60", label: "first name" },
  lastName: { rules: "max:60", label: "last name" },
  email: { rules: "required|email|max:254", label: "email" },
  phone: { rules: { regex: mobile }, label: "mobile number" },
  password: { rules: "required|min:8|max:128", label: "password" },
  confirmPassword: { rules: "required|confirmed:password", label: "password" },
};

export const passwordLoginRules: Record<string, RuleField> = {
  email: { rules: "required|max:254", label: "e-mail or phone" },
  password: { rules: "required|max:128", label: "password" },
};

export const otpSendRules: Record<string, RuleField> = {
  phone: { rules: { required: true, regex: mobile }, label: "mobile number" },
};

/** The phone and its code; the code has as many digits as the boxes drawn. */
export const otpLoginRules = (length: number): Record<string, RuleField> => ({
  ...otpSendRules,
  otp: { rules: `required|digits:${length}`, label: "code" },
});

export const forgotPasswordRules: Record<string, RuleField> = {
  email: { rules: "required|email|max:254", label: "email" },
};

const newPasswordRules: Record<string, RuleField> = {
  password: { rules: "required|min:8|max:128", label: "password" },
  confirmPassword: { rules: "required|confirmed:password", label: "password" },
};

export const resetPasswordRules = newPasswordRules;

export const changePasswordRules: Record<string, RuleField> = {
  currentPassword: { rules: "required|max:128", label: "current password" },
  ...newPasswordRules,
};

export const profileRules: Record<string, RuleField> = {
  firstName: { rules: "required|max:60", label: "first name" },
  lastName: { rules: "max:60", label: "last name" },
  city: { rules: "max:60", label: "city" },
  zip: { rules: "digits:5", label: "postal code" },
  dob: { rules: "date_format:YYYY-MM-DD", label: "date of birth" },
};

export const addressRules: Record<string, RuleField> = {
  fullName: { rules: "required|min:2|max:80", label: "full name" },
  phone: { rules: { required: true, regex: mobile }, label: "mobile number" },
  city: { rules: "required", label: "city" },
  address: { rules: "required|min:5|max:200", label: "address" },
  landmark: { rules: "max:100", label: "landmark" },
  zip: { rules: "digits:5", label: "postal code" },
};
