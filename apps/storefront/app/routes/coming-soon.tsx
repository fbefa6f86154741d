import { useMatches } from "react-router";
import { ComingSoon } from "../components/coming-soon";
import { comingSoonPage } from "../lib/coming-soon-pages";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/coming-soon";

/** Every screen whose feature ships later; the route id picks its text. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: comingSoonPage(matches.at(-1)?.id).title });

export default function ComingSoonRoute() {
  const page = comingSoonPage(useMatches().at(-1)?.id);
  return <ComingSoon heading={page.heading} text={page.text} />;
}
