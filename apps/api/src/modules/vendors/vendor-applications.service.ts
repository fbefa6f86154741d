import {
  ADMIN_QUEUE_PAGE_SIZE,
  type AdminCallBackList,
  type AdminVendorApplication,
  adminCallBacksQuery,
  adminVendorApplicationsQuery,
  CALL_BACK_RECEIVED,
  type CallBackRequest,
  callBackForm,
  DUPLICATE_APPLICATION,
  type VendorApplication,
  type VendorApplicationsService,
  vendorApplicationForm,
} from "@maidan/contracts/vendor-applications";
import type { Db, DbOrTx } from "@maidan/db/database";
import { conflict } from "../../lib/errors.ts";
import type { Kv } from "../../lib/kv.ts";
import { parseInput } from "../../lib/parse.ts";
import { limit } from "../auth/rate-limit.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import type { Messages } from "../messages/messages.ts";
import * as repo from "./vendor-applications.repository.ts";
import { checkDocuments, vendorDocumentFiles } from "./vendor-documents.ts";

/*
 * Vendor applications and call-back requests (issue #17, decision 053), the shoppers' side and
 * the table work the back-office's workflow (modules/checkout/staff-vendors.ts) composes with
 * accounts, the audit log and events.
 */

export type ApplicationRow = repo.ApplicationRow;
export type CallBackRow = repo.CallBackRow;

/** How often one address or phone may ask (fixed windows in the Kv, shared by every process). */
export const LIMITS = {
  applicationsPerIpHour: 5,
  callBacksPerIpHour: 10,
  callBacksPerPhoneDay: 3,
};
export const TOO_MANY_APPLICATIONS =
  "Too many applications from your connection. Please try again in an hour.";
export const TOO_MANY_CALL_BACKS =
  "You have asked for several call-backs already. We will call you; please try again tomorrow if we have not.";

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Shown as 03XXXXXXXXX, the way shoppers write it. */
export const localPhone = (p: string) => (p.startsWith("92") ? `0${p.slice(2)}` : p);

export const applicationView = (r: ApplicationRow): VendorApplication => ({
  _id: r.id,
  businessName: r.businessName,
  ownerName: r.ownerName,
  phone: localPhone(r.phone),
  email: r.email,
  city: r.city,
  categories: r.categories,
  description: r.description,
  status: r.status,
  reason: r.reason,
  createdAt: iso(r.createdAt)!,
  decidedAt: iso(r.decidedAt),
  storeId: r.vendorId,
  documentCount: r.documents.length,
});

export const adminApplicationView = (r: ApplicationRow): AdminVendorApplication => ({
  ...applicationView(r),
  cnic: `${r.cnic.slice(0, 5)}-${r.cnic.slice(5, 12)}-${r.cnic.slice(12)}`,
  ntn: r.ntn ? `${r.ntn.slice(0, 7)}-${r.ntn.slice(7)}` : null,
  userId: r.userId,
  documents: r.documents.map((d, n) => ({
    name: d.name,
    type: d.type,
    size: d.size,
    url: `/api/admin/vendor-applications/${r.id}/documents/${n + 1}`,
  })),
});

export const callBackView = (r: CallBackRow): CallBackRequest => ({
  _id: r.id,
  name: r.name,
  phone: localPhone(r.phone),
  topic: r.topic as CallBackRequest["topic"],
  orderNo: r.orderNo,
  preferredTime: r.preferredTime as CallBackRequest["preferredTime"],
  message: r.message,
  status: r.status,
  note: r.note,
  createdAt: iso(r.createdAt)!,
  updatedAt: iso(r.updatedAt)!,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row is the owner's when it carries their account, or their browser's guest id. */
const owns = (
  o: { userId: string | null; guestId: string | null },
  r: { userId: string | null; guestId: string | null },
) =>
  (o.userId !== null && r.userId === o.userId) || (o.guestId !== null && r.guestId === o.guestId);

const isUniqueViolation = (e: unknown) => {
  const x = e as { code?: string; cause?: { code?: string } };
  return x?.code === "23505" || x?.cause?.code === "23505";
};

export function createVendorApplications(deps: {
  db: Db;
  kv: Kv;
  messages: Messages;
  media: MediaStorage;
}): VendorApplicationsService {
  const { db, kv, messages } = deps;
  const files = vendorDocumentFiles(deps.media);
  return {
    /** One pending application per phone: the partial unique index refuses a second, even at once. */
    async apply(input, who, uploads = []) {
      const a = parseInput(vendorApplicationForm, input);
      const docs = await checkDocuments(uploads);
      await limit(
        kv,
        `vendor-apply:ip:${who.ip}`,
        LIMITS.applicationsPerIpHour,
        3600,
        TOO_MANY_APPLICATIONS,
      );
      // Stored first, so the row never names a missing file; removed again if the row is refused.
      const documents = await files.save(docs);
      const row = await repo
        .insertApplication(db, {
          ...a,
          ntn: a.ntn ?? null,
          categories: [...new Set(a.categories)],
          userId: who.userId,
          guestId: who.guestId ?? null,
          documents,
        })
        .catch(async (e) => {
          await files.remove(documents);
          if (isUniqueViolation(e)) throw conflict(DUPLICATE_APPLICATION);
          throw e;
        });
      return applicationView(row);
    },

    async mine(userId) {
      return (await repo.applicationsOfUser(db, userId)).map(applicationView);
    },

    async applicationOf(owner, id) {
      const r = UUID.test(id) ? await repo.findApplication(db, id) : undefined;
      return r && owns(owner, r) ? applicationView(r) : null;
    },

    async callBackOf(owner, id) {
      const r = UUID.test(id) ? await repo.findCallBack(db, id) : undefined;
      return r && owns(owner, r) ? callBackView(r) : null;
    },

    /** Stored with the requester's confirmation SMS, in one transaction; limited per phone and address. */
    async requestCallBack(input, who) {
      const c = parseInput(callBackForm, input);
      await limit(
        kv,
        `call-back:ip:${who.ip}`,
        LIMITS.callBacksPerIpHour,
        3600,
        TOO_MANY_CALL_BACKS,
      );
      await limit(
        kv,
        `call-back:phone:${c.phone}`,
        LIMITS.callBacksPerPhoneDay,
        24 * 3600,
        TOO_MANY_CALL_BACKS,
      );
      const row = await db.transaction(async (tx) => {
        const r = await repo.insertCallBack(tx, {
          ...c,
          orderNo: c.orderNo ?? null,
          userId: who.userId,
          guestId: who.guestId ?? null,
        });
        await messages.sms(
          tx,
          c.phone,
          { template: "call-back-requested", preferredTime: c.preferredTime },
          `call-back:${r.id}`,
        );
        return r;
      });
      return { _id: row.id, message: CALL_BACK_RECEIVED };
    },
  };
}

// The back-office's table work (modules/checkout/staff-vendors.ts calls these in its transactions).

export const lockApplication = (tx: DbOrTx, id: string) => repo.lockApplication(tx, id);
export const findApplication = (db: DbOrTx, id: string) => repo.findApplication(db, id);

export function decideApplication(
  tx: DbOrTx,
  id: string,
  d:
    | { approved: true; by: string; userId: string; vendorId: string }
    | { approved: false; by: string; reason: string },
) {
  return repo.updateApplication(tx, id, {
    status: d.approved ? "approved" : "rejected",
    decidedBy: d.by,
    decidedAt: new Date(),
    ...(d.approved ? { userId: d.userId, vendorId: d.vendorId } : { reason: d.reason }),
  });
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "store";

/** The approved applicant's store page (/stores/{id}), owned by their account. */
export async function createStore(tx: DbOrTx, a: ApplicationRow, ownerId: string) {
  return repo.insertStore(tx, {
    slug: await repo.freeStoreSlug(tx, slugOf(a.businessName)),
    name: a.businessName,
    description: a.description || `${a.businessName} sells ${a.categories.join(", ")} on Maidan.`,
    city: a.city,
    phone: a.phone,
    email: a.email,
    ownerId,
  });
}

/** A queue's page: its status filter and page from the query, a page of rows and the total. */
async function queuePage<S extends string, R, V>(
  query: { status?: S; page: number },
  fetch: (
    status: S | undefined,
    limit: number,
    offset: number,
  ) => Promise<{ rows: R[]; total: number }>,
  view: (r: R) => V,
) {
  const size = ADMIN_QUEUE_PAGE_SIZE;
  const found = await fetch(query.status, size, (query.page - 1) * size);
  return { items: found.rows.map(view), total: found.total, page: query.page, pageSize: size };
}

export async function listApplications(db: DbOrTx, query: unknown) {
  const q = parseInput(adminVendorApplicationsQuery, query ?? {});
  const { items, ...rest } = await queuePage(
    q,
    (...a) => repo.listApplications(db, ...a),
    adminApplicationView,
  );
  return { applications: items, ...rest };
}

export async function listCallBacks(db: DbOrTx, query: unknown): Promise<AdminCallBackList> {
  const q = parseInput(adminCallBacksQuery, query ?? {});
  const { items, ...rest } = await queuePage(
    q,
    (...a) => repo.listCallBacks(db, ...a),
    callBackView,
  );
  return { callBacks: items, ...rest };
}

export const lockCallBack = (tx: DbOrTx, id: string) => repo.lockCallBack(tx, id);
export const updateCallBack = (...args: Parameters<typeof repo.updateCallBack>) =>
  repo.updateCallBack(...args);
