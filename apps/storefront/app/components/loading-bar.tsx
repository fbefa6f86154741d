import { useFetchers, useNavigation } from "react-router";

/** A thin bar at the top while a page's data or a fetcher is loading. */
export function LoadingBar() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  return <div className="loading-bar" data-active={busy} aria-hidden="true" />;
}
