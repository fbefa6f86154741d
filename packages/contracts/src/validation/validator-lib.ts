import type validator from "validator";
import isAlphaModule from "validator/lib/isAlpha.js";
import isAlphanumericModule from "validator/lib/isAlphanumeric.js";
import isCreditCardModule from "validator/lib/isCreditCard.js";
import isDateModule from "validator/lib/isDate.js";
import isDecimalModule from "validator/lib/isDecimal.js";
import isEmailModule from "validator/lib/isEmail.js";
import isFQDNModule from "validator/lib/isFQDN.js";
import isIntModule from "validator/lib/isInt.js";
import isIPModule from "validator/lib/isIP.js";
import isLengthModule from "validator/lib/isLength.js";
import isNumericModule from "validator/lib/isNumeric.js";
import isURLModule from "validator/lib/isURL.js";

/**
 * validator.js one function per module, so a browser bundle carries only the checks it uses.
 * Its per-file type declarations re-export through a CommonJS namespace that TypeScript does not
 * see as callable; the casts give each import the signature of the package's own declaration.
 */
type V = typeof validator;
export const isAlpha = isAlphaModule as unknown as V["isAlpha"];
export const isAlphanumeric = isAlphanumericModule as unknown as V["isAlphanumeric"];
export const isCreditCard = isCreditCardModule as unknown as V["isCreditCard"];
export const isDate = isDateModule as unknown as V["isDate"];
export const isDecimal = isDecimalModule as unknown as V["isDecimal"];
export const isEmail = isEmailModule as unknown as V["isEmail"];
export const isFQDN = isFQDNModule as unknown as V["isFQDN"];
export const isIP = isIPModule as unknown as V["isIP"];
export const isInt = isIntModule as unknown as V["isInt"];
export const isLength = isLengthModule as unknown as V["isLength"];
export const isNumeric = isNumericModule as unknown as V["isNumeric"];
export const isURL = isURLModule as unknown as V["isURL"];
