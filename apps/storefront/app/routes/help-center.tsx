import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/help-center";

/** /help-center and /help-center/{id}: the help center arrives with its own module. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Help center" });

export default function HelpCenter({ params }: Route.ComponentProps) {
  return (
    <ComingSoon
      heading={params.id ? "This help article opens soon" : "The help center opens soon"}
      text="Answers about orders, delivery and returns are being written. Until then, ask for a call back."
    />
  );
}
