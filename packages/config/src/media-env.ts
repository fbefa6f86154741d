import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * Where media (product pictures, banners, avatars) are kept (decision 030). Unset: the local
 * disk under DATA_DIR/media, right for one machine. With MEDIA_S3_BUCKET: an S3-compatible
 * bucket that every instance reads and writes, so an upload through one is served by all.
 */
export const mediaEnv = {
  MEDIA_S3_BUCKET: z.string().min(3).max(63).optional(),
  /** An S3-compatible service other than AWS (MinIO, R2, …); unset: AWS S3 of the region. */
  MEDIA_S3_ENDPOINT: z.url().optional(),
  MEDIA_S3_REGION: z.string().default("us-east-1"),
  /** Unset: the AWS SDK's own chain (AWS_* variables, instance or task roles). */
  MEDIA_S3_ACCESS_KEY_ID: z.string().optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `bucket` in the path rather than the host name, as MinIO and most self-hosted servers want. */
  MEDIA_S3_FORCE_PATH_STYLE: bool.default(false),
  /** Keys start with this folder, so one bucket can hold several shops or environments. */
  MEDIA_S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9_-]*\/)*$/, "must be empty or end with / (e.g. maidan/)")
    .default(""),
};

type MediaEnv = z.infer<z.ZodObject<typeof mediaEnv>>;

/** Settings that only make sense together, one line per problem. */
export function mediaEnvProblems(e: MediaEnv, given: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const s3Set = Object.keys(given).filter(
    (k) => k.startsWith("MEDIA_S3_") && k !== "MEDIA_S3_BUCKET",
  );
  if (!e.MEDIA_S3_BUCKET && s3Set.length > 0) {
    lines.push(`config: MEDIA_S3_BUCKET: required when ${s3Set.join(", ")} is set`);
  }
  if (Boolean(e.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(e.MEDIA_S3_SECRET_ACCESS_KEY)) {
    lines.push(
      "config: MEDIA_S3_ACCESS_KEY_ID: set it together with MEDIA_S3_SECRET_ACCESS_KEY, or neither",
    );
  }
  return lines;
}
