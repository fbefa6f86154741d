/**
 * Spec §5 default messages, word for word. Rules without a message of their own in the spec use
 * the generic "value is not valid" one.
 */
export const messages = {
  required: (field: string) => `The ${field} field is required`,
  email: (field: string) => `The ${field} field must be a valid email`,
  min: (field: string, n: string | number) => `The ${field} field must be at least ${n} characters`,
  max: (field: string, n: string | number) =>
    `The ${field} field may not be greater than ${n} characters`,
  confirmed: (field: string) => `The ${field} confirmation does not match`,
  invalid: (field: string) => `The ${field} value is not valid`,
};

/** Spec §5 dialog inputs. */
export const INVALID_EMAIL = "Invalid email address";
export const INVALID_URL = "Invalid URL";

/** Spec §8 validator errors: programming mistakes, thrown rather than shown to the shopper. */
export const validatorErrors = {
  noSuchValidator: "No such validator exists",
  nonExistentField: "Validating a non-existent field",
  asyncRequire: "Require rules cannot be async",
} as const;

export class ValidatorError extends Error {
  override name = "ValidatorError";
}
