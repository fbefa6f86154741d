import { toast } from "sonner";
import { normalizeError } from "./errors";

/** Spec §9: success, info and warning stay 5 s; errors 10 s. */
export const toastDurations = { normal: 5_000, error: 10_000 } as const;

export function notifySuccess(message: string) {
  return toast.success(message, { duration: toastDurations.normal });
}

export function notifyInfo(message: string) {
  return toast.info(message, { duration: toastDurations.normal });
}

export function notifyWarning(message: string) {
  return toast.warning(message, { duration: toastDurations.normal });
}

/** Shows a failure: the response body's message if it has one, else the response as text. */
export function notifyError(errorOrBody: unknown) {
  return toast.error(normalizeError(errorOrBody).message, { duration: toastDurations.error });
}
