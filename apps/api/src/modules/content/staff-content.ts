import { randomBytes } from "node:crypto";
import {
  type AdminContentService,
  bannerBody,
  bannerOrderBody,
  CONTENT_IMAGE_MAX_MB,
  type ContentKind,
  type ContentList,
  type ContentRecord,
  contentImageMessages,
  helpArticleBody,
  landingBody,
  pageBody,
} from "@maidan/contracts/admin-content";
import { safeHtml } from "@maidan/contracts/safe-html";
import { banners, helpArticles, landing, pages } from "@maidan/db/schema-content";
import { asc } from "drizzle-orm";
import { badRequest } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import {
  type RecordEditor,
  type RecordTable,
  requireManager,
  slugged,
} from "../../lib/record-editor.ts";
import type { MediaStorage } from "../media/media-storage.ts";
import { toWebp } from "../media/web-image.ts";
import * as repo from "./staff-content.repository.ts";

/*
 * The back-office's content (issue #15, decision 062): home banners, landing entries, CMS pages
 * and help articles, beside the catalogue's structure (its tables come from the catalogue,
 * handed in). Managers and admins; each change one transaction with its audit entry; once
 * committed every instance's storefront drops what showed it.
 */

/** Page and article bodies are stored as the storefront renders them: sanitised, never script. */
function sanitised(values: Record<string, unknown>) {
  values.body = safeHtml(String(values.body)).trim();
  if (!values.body)
    throw badRequest("body: nothing of the text is left once scripts and styles are removed");
}

export function contentTables(deps: {
  /** The category answering at this slug, named: a CMS page there would hide it. */
  categoryNamed: (slug: string) => Promise<string | null>;
}) {
  return {
    banners: {
      table: banners,
      id: banners.id,
      body: bannerBody,
      label: "banner slide",
      recordType: "banner",
      name: banners.alt,
      order: [asc(banners.kind), asc(banners.sort)],
      images: ["img"],
      // The slides come with the shop's settings.
      news: "settings",
      blocker: async () => null,
    },
    landing: {
      table: landing,
      id: landing.id,
      body: landingBody,
      label: "landing entry",
      recordType: "landing",
      unique: { column: landing.route, field: "route" },
      name: landing.title,
      order: [asc(landing.sort), asc(landing.route)],
      news: "catalog",
    },
    pages: slugged({
      table: pages,
      body: pageBody,
      label: "page",
      recordType: "page",
      name: pages.title,
      order: [asc(pages.slug)],
      news: "catalog",
      prepare: sanitised,
      clash: async (slug) => {
        const name = await deps.categoryNamed(slug);
        return name === null ? null : `the category "${name}"`;
      },
    }),
    "help-articles": slugged({
      table: helpArticles,
      body: helpArticleBody,
      label: "help article",
      recordType: "help_article",
      name: helpArticles.title,
      order: [asc(helpArticles.topic), asc(helpArticles.sort), asc(helpArticles.title)],
      // Read uncached and in no sitemap: only the cached pages must drop (no catalogue rebuild).
      news: "settings",
      prepare: sanitised,
    }),
  } satisfies Record<string, RecordTable>;
}

/**
 * Every kind of /admin's structure and content, through the record editor; a vendor's own store
 * description is the catalogue's (`stores`, handed in).
 */
export function createStaffContent(
  editor: RecordEditor,
  tables: Record<ContentKind, RecordTable>,
  stores: Pick<AdminContentService, "myStores" | "describeStore">,
  media: Pick<MediaStorage, "put">,
): AdminContentService {
  const service: AdminContentService = {
    ...stores,
    /**
     * The picture as WebP under `content/<kind>/`, before any record names it (a picture never
     * used stays in storage, like a replaced one). Slides keep 1920 px a side, the rest 800.
     */
    async uploadImage(staff, kind, bytes) {
      requireManager(staff);
      const webp = await toWebp(bytes, {
        maxMb: CONTENT_IMAGE_MAX_MB,
        side: kind === "banners" ? 1920 : 800,
        ...contentImageMessages,
      });
      const key = `content/${kind}/${randomBytes(8).toString("hex")}.webp`;
      await media.put(key, webp.bytes, "image/webp");
      return { url: `/media/${key}` };
    },
    list: async <K extends ContentKind>(
      staff: Parameters<AdminContentService["list"]>[0],
      kind: K,
    ) => (await editor.list(staff, tables[kind])) as ContentList<K>,
    async create<K extends ContentKind>(
      staff: Parameters<AdminContentService["create"]>[0],
      kind: K,
      body: unknown,
    ) {
      const t = tables[kind];
      if (kind !== "banners") return (await editor.create(staff, t, body)) as ContentRecord<K>;
      // A new slide goes last in its slider unless told where.
      return (await editor.create(
        staff,
        {
          ...t,
          prepare: async (values) => {
            if (values.sort !== undefined) return;
            values.sort = await repo.nextBannerSort(editor.db, String(values.kind));
          },
        },
        body,
      )) as ContentRecord<K>;
    },
    update: async (staff, kind, id, body) =>
      (await editor.update(staff, tables[kind], id, body)) as ContentRecord<typeof kind>,
    remove: (staff, kind, id) => editor.remove(staff, tables[kind], id),
    async orderBanners(staff, body) {
      requireManager(staff);
      const { kind, ids } = parseInput(bannerOrderBody, body);
      await editor.write(tables.banners, async (tx) => {
        const now = await repo.bannerIdsOf(tx, kind);
        const same = ids.length === now.length && new Set(ids).size === ids.length;
        if (!same || ids.some((i) => !now.includes(i)))
          throw badRequest("ids: list every slide of this slider once");
        await repo.setBannerSort(tx, ids);
        await editor.audit(tx, {
          actor: staff,
          recordType: "banners",
          recordId: kind,
          action: "reorder",
          before: { ids: now },
          after: { ids },
        });
      });
      return service.list(staff, "banners");
    },
  };
  return service;
}
