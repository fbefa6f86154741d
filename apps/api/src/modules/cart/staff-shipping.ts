import type { Staff } from "@maidan/contracts/admin-orders";
import {
  type AdminShippingMethod,
  type AdminShippingService,
  shippingMethodBody,
} from "@maidan/contracts/admin-shipping";
import { hasRole } from "@maidan/contracts/auth";
import type { DbOrTx } from "@maidan/db/database";
import { forbidden, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { StaffWriterDeps } from "../../lib/record-audit.ts";
import * as repo from "./staff-shipping.repository.ts";

const viewOf = (m: repo.ShippingRow): AdminShippingMethod => ({
  _id: m.id,
  name: m.name,
  carrier: m.carrier,
  charge: m.charge,
  freeAbove: m.freeAbove,
  minOrderValue: m.minOrderValue,
  cities: m.cities,
  etaDays: m.etaDays,
  isDefault: m.isDefault,
  active: m.active,
  sort: m.sort,
});

function requireAdmin(s: Staff) {
  if (!hasRole(s.role, "admin")) throw forbidden("Only admins change the shop's settings.");
}

/**
 * The shipping table by city in the back-office (spec §3, decision 061): admins add and edit
 * methods (switching one off rather than deleting it: carts and orders name it). Each change
 * and its audit entry are one transaction; then the cache news reaches every instance.
 */
export function createStaffShipping({ db, audit, changed }: StaffWriterDeps): AdminShippingService {
  async function write(s: Staff, id: string | null, body: unknown) {
    requireAdmin(s);
    const b = parseInput(shippingMethodBody, body);
    const terms: repo.ShippingTerms = { ...b, cities: b.cities ? [...new Set(b.cities)] : null };
    const view = await db.transaction(async (tx: DbOrTx) => {
      const before = id ? await repo.findForUpdate(tx, id) : null;
      if (id && !before) throw notFound("This shipping method could not be found");
      const row = id ? await repo.update(tx, id, terms) : await repo.insert(tx, terms);
      if (!row) throw notFound("This shipping method could not be found");
      if (row.isDefault) await repo.unmarkOtherDefaults(tx, row.id);
      const v = viewOf(row);
      await audit(tx, {
        actor: s,
        recordType: "shipping_method",
        recordId: row.id,
        action: id ? "shipping_method_updated" : "shipping_method_created",
        before: before ? viewOf(before) : null,
        after: v,
      });
      return v;
    });
    changed();
    return view;
  }

  return {
    async list(s) {
      requireAdmin(s);
      return { methods: (await repo.listAll(db)).map(viewOf) };
    },
    create: (s, body) => write(s, null, body),
    update: (s, id, body) => write(s, id, body),
  };
}
