import {
  type Address,
  type AddressService,
  addressBody,
  MAX_ADDRESSES,
} from "@maidan/contracts/addresses";
import type { Db } from "@maidan/db/database";
import { badRequest, notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import * as repo from "./addresses.repository.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("Address not found");

const view = (a: repo.AddressRow): Address => ({
  _id: a.id,
  fullName: a.fullName,
  phone: a.phone,
  province: a.province,
  city: a.city,
  address: a.address,
  landmark: a.landmark,
  zip: a.zip,
  isDefault: a.isDefault,
});

/**
 * A user's address book. The first address becomes the default; at most one default (a partial
 * unique index backs this). Another user's id answers 404, never 403, so ids leak nothing.
 */
export function createAddressService(db: Db): AddressService {
  const checkId = (id: string) => {
    if (!UUID.test(id)) throw missing();
  };

  return {
    async list(userId) {
      return (await repo.listAddresses(db, userId)).map(view);
    },
    async get(userId, id) {
      checkId(id);
      const a = await repo.findAddress(db, userId, id);
      if (!a) throw missing();
      return view(a);
    },
    async create(userId, input) {
      const b = parseInput(addressBody, input);
      return db.transaction(async (tx) => {
        const n = await repo.countAddresses(tx, userId);
        if (n >= MAX_ADDRESSES)
          throw badRequest(`You can keep at most ${MAX_ADDRESSES} addresses.`);
        const isDefault = n === 0 || b.isDefault === true;
        if (isDefault) await repo.clearDefault(tx, userId);
        const row = await repo.insertAddress(tx, {
          userId,
          fullName: b.fullName,
          phone: b.phone,
          province: b.province,
          city: b.city,
          address: b.address,
          landmark: b.landmark || null,
          zip: b.zip || null,
          isDefault,
        });
        if (!row) throw badRequest("Address not saved");
        return view(row);
      });
    },
    async update(userId, id, input) {
      checkId(id);
      const b = parseInput(addressBody, input);
      return db.transaction(async (tx) => {
        if (b.isDefault) await repo.clearDefault(tx, userId);
        const row = await repo.updateAddress(tx, userId, id, {
          fullName: b.fullName,
          phone: b.phone,
          province: b.province,
          city: b.city,
          address: b.address,
          landmark: b.landmark || null,
          zip: b.zip || null,
          ...(b.isDefault ? { isDefault: true } : {}),
        });
        if (!row) throw missing();
        return view(row);
      });
    },
    async remove(userId, id) {
      checkId(id);
      await db.transaction(async (tx) => {
        const gone = await repo.findAddress(tx, userId, id);
        if (!gone || !(await repo.deleteAddress(tx, userId, id))) throw missing();
        if (gone.isDefault) {
          const next = await repo.oldest(tx, userId);
          if (next) await repo.updateAddress(tx, userId, next.id, { isDefault: true });
        }
      });
    },
    async setDefault(userId, id) {
      checkId(id);
      return db.transaction(async (tx) => {
        if (!(await repo.findAddress(tx, userId, id))) throw missing();
        await repo.clearDefault(tx, userId);
        const row = await repo.updateAddress(tx, userId, id, { isDefault: true });
        if (!row) throw missing();
        return view(row);
      });
    },
  };
}
