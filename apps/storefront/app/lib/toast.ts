import { normalizeError } from "./errors";

/**
 * sonner is loaded on first use (and by the Toaster once the page is idle), not with the page:
 * it would be about a tenth of the product page's first-load JavaScript budget.
 */
const sonner = () => import("sonner").then((m) => m.toast);

/** Spec §9: success, info and warning stay 5 s; errors 10 s. */
export const toastDurations = { normal: 5_000, error: 10_000 } as const;

/**
 * Spec §9: one toast at a time. Every toast shares this id, so a new message replaces the one on
 * screen (sonner updates a toast with a known id) instead of stacking behind it.
 */
export const TOAST_ID = "maidan-toast";

export function notifySuccess(message: string) {
  return sonner().then((toast) =>
    toast.success(message, { id: TOAST_ID, duration: toastDurations.normal }),
  );
}

export function notifyInfo(message: string) {
  return sonner().then((toast) =>
    toast.info(message, { id: TOAST_ID, duration: toastDurations.normal }),
  );
}

export function notifyWarning(message: string) {
  return sonner().then((toast) =>
    toast.warning(message, { id: TOAST_ID, duration: toastDurations.normal }),
  );
}

/** Shows a failure: the response body's message if it has one, else the response as text. */
export function notifyError(errorOrBody: unknown) {
  const { message } = normalizeError(errorOrBody);
  return sonner().then((toast) =>
    toast.error(message, { id: TOAST_ID, duration: toastDurations.error }),
  );
}
