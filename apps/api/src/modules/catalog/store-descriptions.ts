import { type OwnStore, storeDescriptionBody } from "@maidan/contracts/admin-content";
import type { Staff } from "@maidan/contracts/admin-orders";
import { hasRole } from "@maidan/contracts/auth";
import { notFound } from "../../lib/errors.ts";
import { parseInput } from "../../lib/parse.ts";
import type { RecordEditor } from "../../lib/record-editor.ts";
import * as repo from "./structure.repository.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A vendor writes their own store's description (decision 062); managers and admins any store's.
 * Another's store is a 404, as if it did not exist. Audited; the storefront follows at once.
 */
export function createStoreDescriptions(
  editor: RecordEditor,
  stores: Parameters<RecordEditor["write"]>[0],
) {
  const view = ({ ownerId: _, ...s }: OwnStore & { ownerId: string | null }): OwnStore => s;
  return {
    myStores: async (staff: Staff) => ({
      stores: (await repo.storesOwnedBy(editor.db, staff.id)).map(view),
    }),
    async describeStore(staff: Staff, id: string, body: unknown) {
      const { description } = parseInput(storeDescriptionBody, body);
      const missing = () => notFound("This store could not be found");
      if (!UUID.test(id)) throw missing();
      return editor.write(stores, async (tx) => {
        const before = await repo.lockStore(tx, id);
        if (!before || (before.ownerId !== staff.id && !hasRole(staff.role, "manager")))
          throw missing();
        await repo.setStoreDescription(tx, id, description);
        await editor.audit(tx, {
          actor: staff,
          recordType: "store",
          recordId: id,
          action: "describe",
          before: { description: before.description },
          after: { description },
        });
        return view({ ...before, description });
      });
    },
  };
}
