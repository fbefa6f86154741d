import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/brands";

/** /b/{c} and /brands/{c}: brand listings arrive with the catalogue module. */
export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, { title: params.c ? `Brand: ${params.c}` : "Brands" });

export default function Brands({ params }: Route.ComponentProps) {
  return (
    <ComingSoon
      heading={params.c ? "This brand's page opens soon" : "Brands open soon"}
      text="Browsing by brand is on its way. Every product is already in its category."
    />
  );
}
