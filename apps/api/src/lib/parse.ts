import type { z } from "zod";
import { badRequest } from "./errors.ts";

/** Validates service input from the storefront; a bad value is a 400 with the schema's message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const first = r.error.issues[0];
  if (!first) throw badRequest("Invalid request");
  const field = first.path.join(".");
  throw badRequest(
    first.code === "custom" || !field ? first.message : `${field}: ${first.message}`,
  );
}
