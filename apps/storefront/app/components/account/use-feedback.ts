import { useEffect, useRef } from "react";
import { trackAuthError } from "../../lib/account-events";
import { analyticsPlan } from "../../lib/analytics";
import { useRootData } from "../../lib/root-data";
import type { ActionFeedback } from "../../lib/service-errors.server";
import { notifyError, notifySuccess } from "../../lib/toast";

/** Shows an action's outcome as a toast (spec §8), and reports sign-in failures to analytics. */
export function useFeedback(
  data: ActionFeedback | undefined,
  errorEvent?: "login_error" | "signup_error",
) {
  const { settings } = useRootData();
  // Once per outcome: the revalidation after an action hands new settings objects to this hook,
  // which re-ran the effect and showed the same toast twice.
  const shown = useRef<ActionFeedback | undefined>(undefined);
  useEffect(() => {
    if (!data || shown.current === data) return;
    shown.current = data;
    if (data.ok) {
      notifySuccess(data.message);
      return;
    }
    notifyError({ message: data.message });
    if (errorEvent)
      trackAuthError(window, analyticsPlan(settings.analytics), errorEvent, data.phone ?? "");
  }, [data, errorEvent, settings.analytics]);
}
