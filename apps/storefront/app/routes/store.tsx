import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/store";

/** /stores/{id} and /shop/{id}: a store's page (spec §2), arriving with the vendors module. */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Store" });

export default function Store() {
  return (
    <ComingSoon
      heading="Store pages open soon"
      text="Each store on Maidan will have its own page with its products."
    />
  );
}
