import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

const KEY = "campaign";

/** Spec §9: the marker is kept only when `source` equals kl_; it goes out as `campaign`. */
export function rememberCampaign(params: URLSearchParams, storage: Pick<Storage, "setItem">) {
  if (params.get("source") === "kl_") storage.setItem(KEY, "kl_");
}

/** A hidden `campaign` field filled from local storage (spec §3, §7). */
export function CampaignInput() {
  const [params] = useSearchParams();
  const [value, setValue] = useState("");
  useEffect(() => {
    try {
      rememberCampaign(params, window.localStorage);
      setValue(window.localStorage.getItem(KEY) ?? "");
    } catch {
      // Storage can be off (private mode); the marker is optional.
    }
  }, [params]);
  return <input type="hidden" name="campaign" value={value} />;
}
