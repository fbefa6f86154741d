import { useRootData } from "../lib/root-data";

/**
 * The app-download strip, when the shop has one running (spec §1). A link back to the home page
 * (where the strip shows) leads nowhere, so it is plain text then.
 */
export function AppPromotion() {
  const { appPromotion } = useRootData().settings;
  if (!appPromotion.active || !appPromotion.text) return null;
  return (
    <aside className="app-promotion">
      <p className="container">
        {appPromotion.link && appPromotion.link !== "/" ? (
          <a href={appPromotion.link}>{appPromotion.text}</a>
        ) : (
          appPromotion.text
        )}
      </p>
    </aside>
  );
}
