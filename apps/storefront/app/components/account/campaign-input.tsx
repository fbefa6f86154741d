import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { campaignFrom, storedCampaign } from "../../lib/campaign";

/**
 * A hidden `campaign` field filled from local storage (spec §3, §7). The marker itself is stored
 * by <CampaignMarker> in the root layout, on whichever page carried `source=kl_`; this page's own
 * query is read too, because child effects run before the root's on the first render.
 */
export function CampaignInput() {
  const { search } = useLocation();
  const [value, setValue] = useState("");
  useEffect(() => {
    setValue(
      campaignFrom(new URLSearchParams(search)) ?? storedCampaign(() => window.localStorage),
    );
  }, [search]);
  return <input type="hidden" name="campaign" value={value} />;
}
