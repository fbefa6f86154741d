import { useEffect } from "react";
import { useLocation } from "react-router";
import { rememberCampaign } from "../lib/campaign";

/** Keeps the campaign marker when any page is opened with `source=kl_` (spec §3, §9). */
export function CampaignMarker() {
  const { search } = useLocation();
  useEffect(() => {
    try {
      rememberCampaign(new URLSearchParams(search), window.localStorage);
    } catch {
      // Storage can be off (private mode); the marker is optional.
    }
  }, [search]);
  return null;
}
