import { sql } from "drizzle-orm";
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { users } from "./schema-auth.ts";
import { vendors } from "./schema-catalog.ts";

/**
 * A document sent with an application (CNIC photo, NTN certificate…): stored in the media
 * storage under `private/` (never served by /media or /img), opened by staff only.
 */
export type VendorDocumentRecord = {
  key: string;
  /** The applicant's file name, shown to staff (never used as a path). */
  name: string;
  /** From the file's bytes, not its name or the browser's claim. */
  type: "application/pdf" | "image/jpeg" | "image/png" | "image/webp";
  size: number;
};

/**
 * Applications to sell on Maidan (spec §2 /apply-for-vendor, issue #17, decision 053). Staff
 * approve one (its store and vendor account are made in that transaction) or reject it with a
 * reason. One pending application per phone, held by the partial unique index.
 */
export const vendorApplications = pgTable(
  "vendor_applications",
  {
    id: id(),
    /** The signed-in applicant, when there was one; else the account approval made or found. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The storefront visitor's guest id: /success shows the outcome to that browser only. */
    guestId: text("guest_id"),
    businessName: text("business_name").notNull(),
    ownerName: text("owner_name").notNull(),
    /** 13 digits, no dashes. */
    cnic: text("cnic").notNull(),
    ntn: text("ntn"),
    /** Normalised 03XXXXXXXXX. */
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    city: text("city").notNull(),
    categories: text("categories").array().notNull(),
    description: text("description").notNull().default(""),
    /** Up to 3 documents (decision 058). */
    documents: jsonb("documents").$type<VendorDocumentRecord[]>().notNull().default([]),
    status: text("status")
      .$type<"pending" | "approved" | "rejected">()
      .notNull()
      .default("pending"),
    reason: text("reason"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The store approval made. */
    vendorId: uuid("vendor_id").references(() => vendors.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("vendor_applications_pending_phone_key")
      .on(t.phone)
      .where(sql`${t.status} = 'pending'`),
    index("vendor_applications_status_idx").on(t.status, t.createdAt),
    index("vendor_applications_user_idx").on(t.userId, t.createdAt),
    check(
      "vendor_applications_status_check",
      sql`${t.status} in ('pending','approved','rejected')`,
    ),
  ],
);

/**
 * Call-back requests (spec §2 /request-call-back): a shopper leaves a number and a topic, staff
 * call and note what came of it (new → called → closed).
 */
export const callBackRequests = pgTable(
  "call_back_requests",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** As the application's: who may see the request on /success. */
    guestId: text("guest_id"),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    topic: text("topic").notNull(),
    orderNo: text("order_no"),
    preferredTime: text("preferred_time").notNull(),
    message: text("message").notNull().default(""),
    status: text("status").$type<"new" | "called" | "closed">().notNull().default("new"),
    /** Staff's note on the latest call (each change's note is in the audit log too). */
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("call_back_requests_status_idx").on(t.status, t.createdAt),
    check("call_back_requests_status_check", sql`${t.status} in ('new','called','closed')`),
  ],
);
