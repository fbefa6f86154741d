import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, "must be base64url (as web-push prints it)");

/**
 * Web push (issue #16, decision 049). The VAPID key pair is generated once (DATA_DIR with the
 * embedded database, the shared secrets table with an external one) unless both keys are set.
 */
export const pushEnv = {
  VAPID_PUBLIC_KEY: base64url.optional(),
  VAPID_PRIVATE_KEY: base64url.optional(),
  /** Who the push services may contact about the shop's messages: mailto: or https: (default: ADMIN_EMAIL). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "must start with mailto: or https://")
    .optional(),
  /**
   * Take push endpoints on plain http (a local push service in tests); default: outside
   * production only. Production takes https endpoints only.
   */
  PUSH_ALLOW_HTTP: bool.optional(),
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
};
