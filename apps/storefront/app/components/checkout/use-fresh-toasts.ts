import { useEffect } from "react";

/**
 * Clears the toasts an earlier page raised (sonner keeps them across client navigations, so
 * "Thank you! Your order is confirmed." still sat over the order page it led to). Runs once, on
 * arrival; toasts this page raises afterwards stay their full time.
 */
export function useFreshToasts() {
  useEffect(() => {
    void import("sonner").then((m) => m.toast.dismiss());
  }, []);
}
