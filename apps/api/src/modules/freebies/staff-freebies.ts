import {
  type AdminFreebieCampaign,
  type AdminFreebieCampaignsService,
  freebieCampaignBody,
} from "@maidan/contracts/admin-freebies";
import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import type { DbOrTx } from "@maidan/db/database";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { StaffWriterDeps } from "../../lib/record-audit.ts";
import type { DropPictures } from "../media/media-cleanup.ts";
import * as repo from "./staff-freebies.repository.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function campaignView(c: repo.CampaignRow, now = new Date()): AdminFreebieCampaign {
  const started = !c.startsAt || c.startsAt <= now;
  const ended = c.endsAt !== null && c.endsAt <= now;
  return {
    _id: c.id,
    slug: c.slug,
    title: c.title,
    description: c.description,
    image: c.image,
    minOrderValue: c.minOrderValue,
    firstOrderOnly: c.firstOrderOnly,
    pickCount: c.pickCount,
    startsAt: iso(c.startsAt),
    endsAt: iso(c.endsAt),
    productCount: c.products.length,
    terms: c.terms,
    active: c.active,
    sort: c.sort,
    products: c.products,
    status: !c.active || ended ? "off" : started ? "live" : "scheduled",
  };
}

const audited = ({ status: _s, ...rest }: AdminFreebieCampaign) => rest;

function requireManager(s: Staff) {
  if (!hasRole(s.role, "manager"))
    throw forbidden("Only managers and admins run freebie campaigns.");
}

/** The body as columns and product ids; a product named by no slug or id is a 400. */
async function termsOf(tx: DbOrTx, body: unknown) {
  const { products, ...b } = parseInput(freebieCampaignBody, body);
  const named = await repo.productsNamed(tx, products);
  if (named.missing.length)
    throw badRequest(`products: no product has the address or id ${named.missing.join(", ")}`);
  const terms: repo.CampaignTerms = {
    ...b,
    startsAt: b.startsAt ? new Date(b.startsAt) : null,
    endsAt: b.endsAt ? new Date(b.endsAt) : null,
  };
  return { terms, productIds: named.ids };
}

const taken = (slug: string) => conflict(`The address ${slug} is taken by another campaign`);

export type StaffFreebiesDeps = StaffWriterDeps & {
  /** Whether the media storage holds this key. */
  mediaExists: (key: string) => Promise<boolean>;
  /** Queues the removal of a picture a change let go of, in its transaction (decision 065). */
  dropPictures: DropPictures;
};

/**
 * Freebie campaigns in the back-office (decision 061): made, edited and switched off by managers
 * and admins, scheduled by their dates. Each change and its audit entry are one transaction;
 * then the cache news drops the cached campaigns on every instance. Claims already made keep
 * their unit (decision 057).
 */
export function createStaffFreebies({
  db,
  audit,
  changed,
  mediaExists,
  dropPictures,
}: StaffFreebiesDeps): AdminFreebieCampaignsService {
  /** A new picture must be in the media storage; the one the campaign shows stays unchecked. */
  async function assertPicture(image: string | null, before: string | null) {
    if (image && image !== before && !(await mediaExists(image.slice("/media/".length))))
      throw badRequest(`image: there is no picture at ${image} in the shop's media`);
  }

  /** In one transaction: the write, the offered products when given, the audit entry. */
  async function write(
    s: Staff,
    id: string | null,
    action: string,
    change: (tx: DbOrTx) => Promise<{ row: { id: string } | null; productIds: string[] | null }>,
  ) {
    requireManager(s);
    const view = await db.transaction(async (tx) => {
      const before = id ? await repo.findForUpdate(tx, id) : null;
      if (id && !before) throw notFound("This campaign could not be found");
      const { row, productIds } = await change(tx);
      if (!row) throw notFound("This campaign could not be found");
      if (productIds) await repo.setProducts(tx, row.id, productIds);
      const after = await repo.findForUpdate(tx, row.id);
      if (!after) throw notFound("This campaign could not be found");
      await assertPicture(after.image, before?.image ?? null);
      if (before?.image !== after.image) await dropPictures(tx, [before?.image]);
      const v = campaignView(after);
      await audit(tx, {
        actor: s,
        recordType: "freebie",
        recordId: row.id,
        action,
        before: before ? audited(campaignView(before)) : null,
        after: audited(v),
      });
      return v;
    });
    changed();
    return view;
  }

  return {
    async list(s) {
      requireManager(s);
      const now = new Date();
      return { campaigns: (await repo.listAll(db, 500)).map((c) => campaignView(c, now)) };
    },
    async get(s, id) {
      requireManager(s);
      const c = await repo.findById(db, id);
      if (!c) throw notFound("This campaign could not be found");
      return campaignView(c);
    },
    create: (s, body) =>
      write(s, null, "freebie_created", async (tx) => {
        const { terms, productIds } = await termsOf(tx, body);
        const row = await repo.insert(tx, terms);
        if (!row) throw taken(terms.slug);
        return { row, productIds };
      }),
    update: (s, id, body) =>
      write(s, id, "freebie_updated", async (tx) => {
        const { terms, productIds } = await termsOf(tx, body);
        const row = await repo.update(tx, id, terms);
        if (!row) throw taken(terms.slug);
        return { row, productIds };
      }),
    switchOff: (s, id) =>
      write(s, id, "freebie_switched_off", async (tx) => ({
        row: await repo.update(tx, id, { active: false }),
        productIds: null,
      })),
  };
}
