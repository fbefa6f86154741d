import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/vendors";

/** /v/{c}: vendor listings arrive with the vendors module. */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, { title: params.c ? `Vendor: ${params.c}` : "Vendors" });

export default function Vendors({ params }: Route.ComponentProps) {
  return (
    <ComingSoon
      heading={params.c ? "This vendor's page opens soon" : "Vendors open soon"}
      text="Browsing by vendor is on its way. Every product is already in its category."
    />
  );
}
