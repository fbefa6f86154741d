/** Spec §5 validation: shared by the API and the storefront. See ./validation/*.ts. */
export * from "./validation/field-state.ts";
export * from "./validation/files.ts";
export * from "./validation/messages.ts";
export * from "./validation/parse.ts";
export type { RuleContext, RuleDefinition } from "./validation/rule-types.ts";
export { IMAGE_EXTENSIONS } from "./validation/rules-file.ts";
export { DEFAULT_DATE_FORMAT, parseDate } from "./validation/rules-format.ts";
export {
  createValidator,
  defineRule,
  type FieldResult,
  type FormResult,
  type FormSchema,
  ruleNames,
  type ValueOptions,
  validateValue,
} from "./validation/validate.ts";
export * from "./validation/web-inputs.ts";
