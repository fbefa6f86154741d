import { randomBytes } from "node:crypto";
import {
  VENDOR_DOCUMENT_MAX,
  VENDOR_DOCUMENT_MAX_MB,
  type VendorDocumentUpload,
  vendorDocumentMessages,
} from "@maidan/contracts/vendor-applications";
import type { VendorDocumentRecord } from "@maidan/db/schema-vendor-applications";
import { badRequest } from "../../lib/errors.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import { loadSharp } from "../media/sharp.ts";

/*
 * A vendor applicant's documents (decision 058): up to 3 PDFs or pictures of 5 MB at most, each
 * recognised by its bytes (the name and the browser's type are only claims), kept as sent in
 * the media storage under private/, which /media and /img never serve; staff open them through
 * a route that checks their role.
 */

type DocType = VendorDocumentRecord["type"];
const EXTENSION: Record<DocType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};
const SHARP_FORMAT: Record<string, DocType> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};
const MAX_SIDE = 12000;

const startsWith = (b: Uint8Array, bytes: number[], at = 0) =>
  b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** What the bytes are, by their signature; null when not one of the four kinds. */
export function sniffDocument(b: Uint8Array): DocType | null {
  if (startsWith(b, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/** A picture must also decode as what its signature says (a JPEG header on junk is not a photo). */
async function decodes(b: Uint8Array, type: DocType) {
  const sharp = await loadSharp();
  const meta = await sharp(b, { limitInputPixels: MAX_SIDE * MAX_SIDE })
    .metadata()
    .catch(() => null);
  return Boolean(meta?.format && SHARP_FORMAT[meta.format] === type && meta.width && meta.height);
}

/** A file name fit to show and to put in a header: its last part, printable, 100 characters. */
export const cleanName = (name: string, type: DocType) => {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .replace(/[^\p{L}\p{N} ._()-]/gu, "")
    .trim()
    .slice(0, 100);
  return base || `document.${EXTENSION[type]}`;
};

export type CheckedDocument = { name: string; type: DocType; bytes: Uint8Array };

/** Checks the uploads; the first problem answers 400 with the message shown beside the field. */
export async function checkDocuments(files: VendorDocumentUpload[]): Promise<CheckedDocument[]> {
  const sent = files.filter((f) => f.bytes.byteLength > 0);
  if (sent.length > VENDOR_DOCUMENT_MAX) throw badRequest(vendorDocumentMessages.tooMany);
  const out: CheckedDocument[] = [];
  for (const f of sent) {
    if (f.bytes.byteLength > VENDOR_DOCUMENT_MAX_MB * 1024 * 1024)
      throw badRequest(vendorDocumentMessages.tooLarge);
    const type = sniffDocument(f.bytes);
    if (!type || (type !== "application/pdf" && !(await decodes(f.bytes, type))))
      throw badRequest(vendorDocumentMessages.notAllowed);
    out.push({ name: cleanName(f.name, type), type, bytes: f.bytes });
  }
  return out;
}

export function vendorDocumentFiles(media: MediaStorage) {
  return {
    /** Stores the documents under names the server draws; answers their records. */
    async save(docs: CheckedDocument[]): Promise<VendorDocumentRecord[]> {
      const saved: VendorDocumentRecord[] = [];
      try {
        for (const d of docs) {
          const key = `private/vendor-applications/${randomBytes(16).toString("hex")}.${EXTENSION[d.type]}`;
          await media.put(key, d.bytes, d.type);
          saved.push({ key, name: d.name, type: d.type, size: d.bytes.byteLength });
        }
      } catch (e) {
        await this.remove(saved);
        throw e;
      }
      return saved;
    },
    /** Removes documents whose application was never written; one already gone is no error. */
    remove: (docs: VendorDocumentRecord[]) =>
      Promise.all(docs.map((d) => media.delete(d.key).catch(() => {}))).then(() => {}),
    read: (d: VendorDocumentRecord) => media.read(d.key),
  };
}
