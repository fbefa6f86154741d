import { AppError } from "@maidan/contracts/errors";

/** Shorthands for the commonest codes of `@maidan/contracts/errors`; anything else: `new AppError(code)`. */
export const notFound = (message?: string) => new AppError("NOT_FOUND", message);
export const badRequest = (message: string) => new AppError("BAD_REQUEST", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const forbidden = (message?: string) => new AppError("FORBIDDEN", message);
