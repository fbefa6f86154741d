import { ErrorPage } from "../components/error-page";
import { LandingView } from "../components/landing-view";
import { readLandingContent } from "../lib/landing-data.server";
import { notFound } from "../lib/not-found";
import { errorMeta, pageMeta } from "../lib/seo";
import { services } from "../lib/services.server";
import type { Route } from "./+types/landing";

/** /pages/{route}: a landing entry, which receives its own data (spec §2). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const list = await services(context).site.landing({ route: params.route });
  const entry = list.status
    ? list.data.find((item) => item.route === params.route && item.status)
    : undefined;
  if (!entry) throw notFound();
  return { title: entry.title, ...readLandingContent(entry.data) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  error || !loaderData
    ? errorMeta(matches, error)
    : pageMeta(matches, { title: loaderData.title, description: loaderData.description });

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  return <LandingView {...loaderData} empty="Products for this page arrive soon." />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
