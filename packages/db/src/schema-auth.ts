import type { Role } from "@maidan/contracts/auth";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email"),
    /** A number its owner proved with an SMS code: the only kind that signs in (decision 027). */
    phone: text("phone"),
    /** A number asked for and not proven yet: shown to its claimant, never used to sign in. */
    phonePending: text("phone_pending"),
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    avatar: text("avatar"),
    dob: date("dob"),
    gender: text("gender"),
    language: text("language").notNull().default("en"),
    role: text("role").$type<Role>().notNull().default("user"),
    state: text("state"),
    city: text("city"),
    zip: text("zip"),
    verified: boolean("verified").notNull().default(false),
    /** The sign-up campaign marker (spec §3, §9: source=kl_), as the client sent it. */
    campaign: text("campaign"),
    /** Bumped on logout and password change: tokens carrying an older version are refused. */
    tokenVersion: integer("token_version").notNull().default(0),
    /** Staff blocked the account (decision 046): it cannot sign in, refresh or order. */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    blockedReason: text("blocked_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_phone_key").on(t.phone),
    // Several accounts may claim one number; a proof drops every claim on it at once.
    index("users_phone_pending_idx").on(t.phonePending).where(sql`${t.phonePending} is not null`),
    check("users_role_check", sql`${t.role} in ('user','vendor','manager','admin')`),
  ],
);

/** A shopper's saved delivery addresses (the address book; checkout reuses them). */
export const addresses = pgTable(
  "addresses",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    province: text("province").notNull(),
    city: text("city").notNull(),
    address: text("address").notNull(),
    landmark: text("landmark"),
    zip: text("zip"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId, t.createdAt),
    // At most one default per user, enforced by the database rather than by care.
    uniqueIndex("addresses_one_default").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** One-time login codes sent by SMS. Only a keyed hash of the code is kept. */
export const otpCodes = pgTable(
  "otp_codes",
  {
    id: id(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("otp_codes_phone_idx").on(t.phone, t.createdAt)],
);

/** Single-use tokens mailed or handed out: e-mail verification, password reset, token login. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"verify" | "reset" | "login">().notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_tokens_hash_key").on(t.tokenHash),
    check("auth_tokens_kind_check", sql`${t.kind} in ('verify','reset','login')`),
  ],
);

/** A user's identity at an OAuth provider (facebook, or the local sandbox standing in for it). */
export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerUserId: text("provider_user_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("oauth_accounts_provider_key").on(t.provider, t.providerUserId)],
);

/** Messages the dev adapters "sent": shown at /dev/outbox and read by tests. */
export const devOutbox = pgTable(
  "dev_outbox",
  {
    id: id(),
    channel: text("channel").$type<"sms" | "email">().notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    /** The e-mail's HTML part (null for SMS and for e-mails sent before it existed). */
    html: text("html"),
    createdAt: createdAt(),
  },
  (t) => [index("dev_outbox_recipient_idx").on(t.recipient, t.createdAt)],
);
