import { normalizeError } from "./errors";

/**
 * sonner is loaded on first use (and by the Toaster once the page is idle), not with the page:
 * it would be about a tenth of the product page's first-load JavaScript budget.
 */
const sonner = () => import("sonner").then((m) => m.toast);

/** Spec §9: success, info and warning stay 5 s; errors 10 s. */
export const toastDurations = { normal: 5_000, error: 10_000 } as const;

/**
 * Spec §9: one toast at a time. Showing one first dismisses those on screen, so repeated messages
 * ("Only 2 left in stock" three times) never stack behind each other. (A shared id would be
 * simpler, but sonner keeps a dismissed toast's id and would hide a later toast reusing it.)
 */
const show = () =>
  sonner().then((toast) => {
    toast.dismiss();
    return toast;
  });

export function notifySuccess(message: string) {
  return show().then((toast) => toast.success(message, { duration: toastDurations.normal }));
}

export function notifyInfo(message: string) {
  return show().then((toast) => toast.info(message, { duration: toastDurations.normal }));
}

export function notifyWarning(message: string) {
  return show().then((toast) => toast.warning(message, { duration: toastDurations.normal }));
}

/** Shows a failure: the response body's message if it has one, else the response as text. */
export function notifyError(errorOrBody: unknown) {
  const { message } = normalizeError(errorOrBody);
  return show().then((toast) => toast.error(message, { duration: toastDurations.error }));
}
