import type { ReactNode } from "react";
import {
  Link,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { LoginDialogHost } from "./components/account/login-dialog-host";
import { AnalyticsNoscript, AnalyticsScripts } from "./components/analytics-scripts";
import { CampaignMarker } from "./components/campaign-marker";
import { ErrorPage } from "./components/error-page";
import { LinkPrefetch } from "./components/link-prefetch";
import { LoadingBar } from "./components/loading-bar";
import { OfflineSupport } from "./components/offline-support";
import { PageViewTracker } from "./components/page-view-tracker";
import { analyticsPlan } from "./lib/analytics";
import { FOOTER_COLUMNS } from "./lib/footer-links.server";
import { nobody, useLoadPersonalParts } from "./lib/personal";
import { personalParts } from "./lib/personal.server";
import { pathRedirect } from "./lib/redirects";
import { type RootData, useRootData } from "./lib/root-data";
import {
  formBodyMiddleware,
  guestMiddleware,
  redirectMiddleware,
  sessionMiddleware,
} from "./lib/root-middleware.server";
import { errorMeta, pageMeta } from "./lib/seo";
import { once, services, settledOr } from "./lib/services.server";
import { fallbackSettings } from "./lib/settings";
import { normalizeColor, themeCss } from "./lib/theme";
import appCss from "./styles/app.css?url";

export const middleware: Route.MiddlewareFunction[] = [
  formBodyMiddleware,
  sessionMiddleware,
  redirectMiddleware,
  guestMiddleware,
];

/** The address-only redirects, applied in the browser even when a navigation loads no data. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  ({ url }) => {
    const target = pathRedirect(url);
    if (target) throw redirect(target.to, target.status);
  },
];

/**
 * Spec §4 "Server start": settings, categories and default shipping, each allowed to fail, and
 * the visitor's own parts (lib/personal.server.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const { site } = services(context);
  const [settings, home, shipping, personal] = await Promise.allSettled([
    site.settings(),
    once(context, "home", () => site.home()),
    site.defaultShipping(),
    personalParts(context, request),
  ]);
  const categories = settledOr(home, null, "categories")?.categories ?? [];
  return {
    settings: settledOr(settings, fallbackSettings, "settings"),
    categories: categories
      .filter((category) => category.parent === null)
      .map(({ slug, name }) => ({ slug, name })),
    shipping: settledOr(shipping, null, "default shipping"),
    ...settledOr(personal, nobody, "personal parts"),
    payments: services(context).payments.availability(),
    footer: FOOTER_COLUMNS,
  };
}

/** Shop-wide data changes rarely: reload it after a form submission, not on every click. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = ({ matches, error }) =>
  error ? errorMeta(matches, error) : pageMeta(matches);

export function Layout({ children }: { children: ReactNode }) {
  const { settings } = useRootData();
  const plan = analyticsPlan(settings.analytics);
  return (
    <html lang="en" data-theme={settings.mainTheme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={normalizeColor(settings.primaryColor)} />
        <Meta />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: themeCss only emits validated values */}
        <style dangerouslySetInnerHTML={{ __html: themeCss(settings) }} />
        <AnalyticsScripts plan={plan} />
      </head>
      <body>
        <AnalyticsNoscript plan={plan} />
        <noscript>
          <p className="noscript-note">
            We're sorry but we doesn't work properly without JavaScript enabled. Please enable it to
            continue.
          </p>
        </noscript>
        <LoadingBar />
        <OfflineSupport />
        <LinkPrefetch />
        {children}
        <LoginDialogHost />
        <CampaignMarker />
        <PageViewTracker plan={plan} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useLoadPersonalParts(useRootData().anonymous);
  return <Outlet />;
}

/** Only for failures outside every layout; pages have their own boundaries inside the chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="layout layout--blank">
      <main id="main" className="layout__column">
        <Link to="/" className="logo" aria-label="Maidan home">
          Maidan
        </Link>
        <ErrorPage error={error} />
      </main>
    </div>
  );
}
