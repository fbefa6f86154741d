import { safeRedirect } from "@maidan/contracts/safe-redirect";
import { useFetcher } from "react-router";
import { useRootData } from "../lib/root-data";

/** A store page (https) or a path on this site; anything else from the settings is not a link. */
const appHref = (href: string | undefined) =>
  href && /^https:\/\/[^/\\]/.test(href) ? href : (safeRedirect(href) ?? undefined);

/**
 * The app banner on phones (spec §3 appPromotion, issue #17), when the shop runs one: its text,
 * the store badges, and a close button that is remembered by a cookie (the home route's action),
 * so the banner stays away on later visits, with or without JavaScript. A link back to the home
 * page (where the banner shows) leads nowhere, so it is plain text then.
 */
export function AppPromotion({ dismissed }: { dismissed: boolean }) {
  const { appPromotion } = useRootData().settings;
  const fetcher = useFetcher();
  if (!appPromotion.active || !appPromotion.text || dismissed || fetcher.state !== "idle") {
    return null;
  }
  const link = appHref(appPromotion.link);
  // Short on the badge, whole in the name (which contains the visible words, WCAG 2.5.3).
  const badges = [
    ["Google Play", "Get it on Google Play", appHref(appPromotion.android)],
    ["App Store", "Download on the App Store", appHref(appPromotion.ios)],
  ] as const;
  return (
    <aside className="app-promotion" aria-label="The Maidan app">
      <p className="app-promotion__text">
        {link && link !== "/" ? <a href={link}>{appPromotion.text}</a> : appPromotion.text}
      </p>
      <p className="app-promotion__badges">
        {badges.map(([label, name, href]) =>
          href ? (
            <a key={label} className="store-badge" href={href} rel="noopener" aria-label={name}>
              {label}
            </a>
          ) : null,
        )}
      </p>
      <fetcher.Form method="post" action="/?index" className="app-promotion__close-form">
        <button
          type="submit"
          name="intent"
          value="dismiss-app-promotion"
          className="app-promotion__close"
          aria-label="Close the app banner"
        >
          ×
        </button>
      </fetcher.Form>
    </aside>
  );
}
