import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import {
  type AdminVendorApplication,
  type AdminVendorApplicationsService,
  callBackUpdateBody,
  rejectApplicationBody,
} from "@maidan/contracts/vendor-applications";
import type { Db, DbOrTx } from "@maidan/db/database";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import * as audit from "../audit/audit.service.ts";
import { vendorAccountFor } from "../auth/vendor-accounts.service.ts";
import type { Events } from "../events/events.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import type { Messages } from "../messages/messages.ts";
import * as applications from "../vendors/vendor-applications.service.ts";
import { vendorDocumentFiles } from "../vendors/vendor-documents.ts";

/*
 * The back-office's vendor applications and call-back requests (issue #14, decision 053).
 * Approving makes (or promotes) the vendor's account and opens their store page; rejecting keeps
 * the reason. Each decision writes the application, the audit entry, the
 * `vendor_application.decided` event and the applicant's SMS and e-mail in one transaction, with
 * the application locked: of two staff deciding at once the second gets 409 and the first's
 * decision, so one approval makes one store. Managers and admins only.
 */

export type StaffVendorsDeps = {
  db: Db;
  events: Events;
  messages: Messages;
  /** Where the applicants' documents are (under private/, decision 058). */
  media: MediaStorage;
  publicUrl: string;
  /** After an approval committed: store listings and pages must show the new store. */
  storesChanged: () => void;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireManager(s: Staff) {
  if (!hasRole(s.role, "manager"))
    throw forbidden("Only managers and admins review vendor applications and call-backs.");
}

export function createStaffVendors(deps: StaffVendorsDeps): AdminVendorApplicationsService {
  const { db, events, messages } = deps;
  const missing = () => notFound("Application not found");
  const files = vendorDocumentFiles(deps.media);

  /** Locks a pending application, or says why it cannot be decided. */
  async function lockPending(tx: DbOrTx, id: string) {
    const a = await applications.lockApplication(tx, id);
    if (!a) throw missing();
    if (a.status !== "pending")
      throw conflict(
        `This application was already ${a.status}${a.decidedAt ? ` on ${a.decidedAt.toISOString().slice(0, 10)}` : ""}. Nothing was changed.`,
      );
    return a;
  }

  async function decided(
    tx: DbOrTx,
    staff: Staff,
    row: applications.ApplicationRow,
    after: Record<string, unknown>,
  ) {
    const approved = row.status === "approved";
    await audit.record(tx, {
      actor: staff,
      recordType: "vendor_application",
      recordId: row.id,
      action: approved ? "approve" : "reject",
      before: { status: "pending" },
      after,
    });
    await events.emit(tx, "vendor_application.decided", row.id, {
      userId: row.userId,
      applicationId: row.id,
      approved,
      ...(approved ? {} : { reason: row.reason }),
    });
    const base = {
      template: "vendor-application-decided" as const,
      businessName: row.businessName,
      link: approved
        ? `${deps.publicUrl}/account/login?redirectTo=%2Fadmin`
        : `${deps.publicUrl}/apply-for-vendor`,
    };
    const m = approved
      ? { ...base, approved: true as const }
      : { ...base, approved: false as const, reason: row.reason ?? "" };
    await messages.sms(tx, row.phone, m, `vendor-application:${row.id}`);
    await messages.email(tx, row.email, m, `vendor-application:${row.id}`);
  }

  return {
    list(staff, query) {
      requireManager(staff);
      return applications.listApplications(db, query);
    },

    async get(staff, id) {
      requireManager(staff);
      const a = UUID.test(id) ? await applications.findApplication(db, id) : undefined;
      if (!a) throw missing();
      return applications.adminApplicationView(a);
    },

    async approve(staff, id): Promise<AdminVendorApplication> {
      requireManager(staff);
      if (!UUID.test(id)) throw missing();
      const row = await db.transaction(async (tx) => {
        const a = await lockPending(tx, id);
        const account = await vendorAccountFor(tx, a);
        const vendorId = await applications.createStore(tx, a, account.userId);
        const done = await applications.decideApplication(tx, id, {
          approved: true,
          by: staff.id,
          userId: account.userId,
          vendorId,
        });
        await decided(tx, staff, done, {
          status: "approved",
          storeId: vendorId,
          userId: account.userId,
          accountCreated: account.created,
          roleBefore: account.roleBefore,
          role: account.role,
        });
        return done;
      });
      deps.storesChanged();
      return applications.adminApplicationView(row);
    },

    async reject(staff, id, body) {
      requireManager(staff);
      const { reason } = parseInput(rejectApplicationBody, body);
      if (!UUID.test(id)) throw missing();
      const row = await db.transaction(async (tx) => {
        await lockPending(tx, id);
        const done = await applications.decideApplication(tx, id, {
          approved: false,
          by: staff.id,
          reason,
        });
        await decided(tx, staff, done, { status: "rejected", reason });
        return done;
      });
      return applications.adminApplicationView(row);
    },

    async document(staff, id, n) {
      requireManager(staff);
      const a = UUID.test(id) ? await applications.findApplication(db, id) : undefined;
      const d = a?.documents[n - 1];
      const bytes = d ? await files.read(d) : null;
      if (!d || !bytes) throw notFound("Document not found");
      return { name: d.name, type: d.type, bytes };
    },

    callBacks(staff, query) {
      requireManager(staff);
      return applications.listCallBacks(db, query);
    },

    async updateCallBack(staff, id, body) {
      requireManager(staff);
      const { status, note } = parseInput(callBackUpdateBody, body);
      if (!UUID.test(id)) throw notFound("Call-back request not found");
      const row = await db.transaction(async (tx) => {
        const c = await applications.lockCallBack(tx, id);
        if (!c) throw notFound("Call-back request not found");
        const next = await applications.updateCallBack(tx, id, { status, note: note ?? c.note });
        await audit.record(tx, {
          actor: staff,
          recordType: "call_back",
          recordId: id,
          action: "update",
          before: { status: c.status, note: c.note },
          after: { status: next.status, note: next.note },
        });
        return next;
      });
      return applications.callBackView(row);
    },
  };
}
