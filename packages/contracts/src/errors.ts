import { z } from "zod";

/** Every error body the API sends (spec §8: message plus status). */
export const errorBody = z.object({
  message: z.string(),
  status: z.number().int(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
