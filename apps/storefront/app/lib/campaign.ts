/**
 * The sign-up campaign marker (spec §3, §7, §9): kept in local storage when a page is opened with
 * `source=kl_`, then sent as `campaign` with login, OTP login and sign-up.
 */
export const CAMPAIGN_KEY = "campaign";
const CAMPAIGN_SOURCE = "kl_";

/** The marker a URL's query asks to store, or null (only `source` equal to kl_ counts). */
export function campaignFrom(params: URLSearchParams): string | null {
  return params.get("source") === CAMPAIGN_SOURCE ? CAMPAIGN_SOURCE : null;
}

export function rememberCampaign(params: URLSearchParams, storage: Pick<Storage, "setItem">) {
  const marker = campaignFrom(params);
  if (marker) storage.setItem(CAMPAIGN_KEY, marker);
  return marker;
}

/** The stored marker; storage can be off (private mode), and the marker is optional. */
export function storedCampaign(storage: () => Pick<Storage, "getItem">): string {
  try {
    return storage().getItem(CAMPAIGN_KEY) ?? "";
  } catch {
    return "";
  }
}
