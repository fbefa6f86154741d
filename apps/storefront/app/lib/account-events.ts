import type { AnalyticsPlan } from "./analytics";

/** Spec §8: login and sign-up failures send login_error / signup_error labelled with the phone. */
export function trackAuthError(
  win: { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void },
  plan: AnalyticsPlan,
  event: "login_error" | "signup_error",
  phone: string,
) {
  if (!plan.trackEvents) return false;
  win.dataLayer ??= [];
  win.dataLayer.push({ event, event_label: phone });
  if (plan.ga4Id && win.gtag) win.gtag("event", event, { event_label: phone });
  return true;
}
